/**
 * Bundles browser.ts with esbuild when the example starts, as an app's bundler would. Inside this
 * repository `latchkey/client` is taken from the sources, so the example runs without a build.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export async function bundlePageScript(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL("./browser.ts", import.meta.url))],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    alias: { "latchkey/client": fileURLToPath(new URL("../../src/client/index.ts", import.meta.url)) },
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild wrote no bundle for the pages' script");
  return output.text;
}
