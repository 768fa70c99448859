import type { ConfigFinding } from "../../index.js";

/**
 * One thing `latchkey doctor` reports: the library's own findings (`checkConfig`, with the codes of
 * docs/errors.md) and the doctor's deployment advice (codes in docs/cli.md). `info` says what could
 * not be checked.
 */
export interface DoctorFinding {
  severity: ConfigFinding["severity"] | "info";
  code: string;
  message: string;
}
