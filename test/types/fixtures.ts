/** The type-test fixtures: one small program per recipe, in ./fixtures. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./compile.js";

export const FIXTURES_DIR = join(REPO_ROOT, "test/types/fixtures");
export const FIXTURES = readdirSync(FIXTURES_DIR)
  .filter((name) => name.endsWith(".ts"))
  .sort();
