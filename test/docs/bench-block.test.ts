/**
 * The benchmark table in README.md and bench/README.md is written by `npm run bench` between two
 * markers. Its numbers are the machine's; its shape is checked here: one block per file, naming the
 * command, the date, the Node version and the cores, and a table whose every row has a ratio.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BLOCK_FILES,
  blockProblems,
  type Machine,
  renderBlock,
  replaceBlock,
} from "../../bench/readme-block.js";

const machine: Machine = { date: "2026-11-26", node: "v20.20.2", cores: 2, cpu: "Test CPU", load: [1, 2] };
const rows = Array.from({ length: 12 }, (_, index) => ({
  measure: `group ${index}: latchkey / @auth/core`,
  target: index === 0 ? "≥ 20x" : index === 1 ? "≤ 0.6x" : "—",
  result: index === 1 ? "0.56x (81.2 kB / 144.7 kB)" : `${(index + 0.5).toFixed(2)}x`,
}));

describe("the benchmark block", () => {
  it.each(BLOCK_FILES)("%s holds one well-formed block that npm run bench wrote", (file) => {
    expect(blockProblems(readFileSync(file, "utf8"))).toEqual([]);
  });

  it("a rendered block is well-formed, and replaces the old one and nothing else", () => {
    const block = renderBlock(rows, machine, "npm run bench");
    const page = replaceBlock(
      `before\n${renderBlock(rows.slice(0, 10), machine, "npm run bench")}\nafter\n`,
      block,
    );
    expect(page).toBe(`before\n${block}\nafter\n`);
    expect(blockProblems(page)).toEqual([]);
  });

  it("finds a block without a machine line, with a row that has no ratio, or with two blocks", () => {
    const block = renderBlock(rows, machine, "npm run bench");
    expect(blockProblems(block.replace("2 cores", "some cores"))).toEqual([
      expect.stringMatching(/^the first line names no command/),
    ]);
    expect(blockProblems(block.replace("| 2.50x |", "| fast |"))).toEqual([
      expect.stringMatching(/^a malformed row: \| group 2/),
    ]);
    expect(blockProblems(`${block}\n${block}`)).toEqual(["more than one block"]);
    expect(() => replaceBlock("no markers here", block)).toThrow(/expected one block/);
  });
});
