/**
 * How `latchkey doctor` prints its findings: lines for a person, or one JSON document for CI
 * (`--json`), both in the same order (errors, then warnings, then what was not checked).
 */
import type { DoctorFinding } from "./finding.js";

const ORDER: Record<DoctorFinding["severity"], number> = { error: 0, warning: 1, info: 2 };

export const bySeverity = (findings: readonly DoctorFinding[]): DoctorFinding[] =>
  [...findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);

const count = (findings: readonly DoctorFinding[], severity: DoctorFinding["severity"]) =>
  findings.filter((finding) => finding.severity === severity).length;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The JSON document of `--json`: `ok` is what the exit status says (false when an error, or with
 * `--strict` a warning, was found).
 */
export function jsonReport(findings: readonly DoctorFinding[], ok: boolean): string {
  const summary = { errors: count(findings, "error"), warnings: count(findings, "warning") };
  return JSON.stringify({ ok, ...summary, findings: bySeverity(findings) }, null, 2);
}

/** One block per finding, then a summary line. */
export function textReport(findings: readonly DoctorFinding[]): string {
  const lines = bySeverity(findings).map(
    ({ severity, code, message }) => `${severity.padEnd(7)} ${code}: ${message}`,
  );
  const errors = count(findings, "error");
  const warnings = count(findings, "warning");
  const summary =
    errors + warnings === 0
      ? "No problems found."
      : `${plural(errors, "error")}, ${plural(warnings, "warning")}. Each code is explained in latchkey's docs/errors.md or docs/cli.md.`;
  return [...lines, ...(lines.length > 0 ? [""] : []), summary].join("\n");
}
