import { build } from "esbuild";
const result = await build({
  stdin: { contents: 'export { Auth } from "./dist/index.js"; export { getToken } from "./dist/jwt/index.js";', resolveDir: process.cwd(), loader: "js" },
  bundle: true, minify: true, write: false, metafile: true, format: "esm", platform: "neutral",
  conditions: ["worker", "browser"], mainFields: ["module", "main"], external: ["node:*"], logLevel: "silent", tsconfigRaw: "{}",
});
const out = Object.values(result.metafile.outputs)[0];
console.log(JSON.stringify(Object.fromEntries(Object.entries(out.inputs).map(([f, v]) => [f.replace(/.*node_modules\//, "nm/"), v.bytesInOutput]))));
