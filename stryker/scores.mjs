// Scores from Stryker's recorded results, as the README's mutation table gives them: killed or
// timed out, of the mutants that compile, per folder and per file, and each mutant that survived or
// that no test reached (to kill with a test, or to list in stryker/equivalent-mutants.md).
//
// Run from the project root:
//   node stryker/scores.mjs                           the whole-suite results (stryker/incremental.json)
//   node stryker/scores.mjs --focused src/two-factor  the focused runs' results, under one folder
//
// A file whose source has changed since its result was recorded is marked "stale": its score is of
// code that is no longer there, until a run covers the file again.
import { existsSync, readFileSync } from "node:fs";

const args = process.argv.slice(2);
const focused = args.includes("--focused");
const under = args.find((arg) => !arg.startsWith("--")) ?? "src/";
const file = focused ? "stryker/focused-incremental.json" : "stryker/incremental.json";
const { files } = JSON.parse(readFileSync(file, "utf8"));

const detected = new Set(["Killed", "Timeout"]);
const uncounted = new Set(["CompileError", "RuntimeError", "Ignored"]);
const percent = ({ killed, valid }) =>
  valid === 0 ? "no mutant" : `${((100 * killed) / valid).toFixed(1)}% (${killed}/${valid})`;

const folders = new Map();
const open = [];
const staleFiles = [];
for (const [path, result] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
  if (!path.startsWith(under)) continue;
  const valid = result.mutants.filter((mutant) => !uncounted.has(mutant.status));
  const score = { killed: valid.filter((mutant) => detected.has(mutant.status)).length, valid: valid.length };
  const folder = path.split("/").slice(0, -1).join("/");
  const total = folders.get(folder) ?? { killed: 0, valid: 0, files: [] };
  total.killed += score.killed;
  total.valid += score.valid;
  const stale = !existsSync(path) || readFileSync(path, "utf8") !== result.source;
  if (stale) staleFiles.push(path);
  total.files.push(`  ${path.slice(folder.length + 1)} ${percent(score)}${stale ? " stale" : ""}`);
  folders.set(folder, total);
  for (const mutant of valid) {
    if (detected.has(mutant.status)) continue;
    const { line, column } = mutant.location.start;
    open.push(
      `${path}:${line}:${column} ${mutant.status} ${mutant.mutatorName} → ${JSON.stringify(mutant.replacement ?? "")}`,
    );
  }
}
console.log(`${file}, under ${under}`);
for (const [folder, total] of folders) console.log(`${folder} ${percent(total)}\n${total.files.join("\n")}`);
console.log(`\nstale (source changed since the run): ${staleFiles.length}`);
console.log(`survived or uncovered: ${open.length}`);
for (const line of open) console.log(line);
