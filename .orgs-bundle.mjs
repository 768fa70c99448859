import { build } from "esbuild";
const result = await build({
  stdin: { contents: 'export { Auth } from "./dist/index.js"; export { getToken } from "./dist/jwt/index.js";', resolveDir: process.cwd(), loader: "js" },
  bundle: true, minify: true, write: false, metafile: true, format: "esm", platform: "neutral",
  conditions: ["worker", "browser"], mainFields: ["module", "main"],
  external: ["node:*"], logLevel: "silent",
  tsconfigRaw: "{}",
});
const out = Object.values(result.metafile.outputs)[0];
console.log("total", out.bytes);
const rows = Object.entries(out.inputs).map(([f, v]) => [v.bytesInOutput, f]).sort((a, b) => b[0] - a[0]);
for (const [b, f] of rows) if (/session\/jwt|session-marks|resolve-config|rules|route-names|issue-session|default-callbacks|errors|feature|capabilities|organization/.test(f)) console.log(b, f);
