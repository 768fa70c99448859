/**
 * The edge bundle: what a single-file bundler (Next.js middleware, a Cloudflare Worker) makes of an
 * app that imports `Auth` and `getToken`, built from the packed package as `npm install` lays it
 * out, beside the same app on `@auth/core`. Used by the package test (which holds it to a budget)
 * and by `npm run bench -- --only=bundle` (which prints it).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ROOT_MODULES = join(ROOT, "node_modules");

/** The two apps: the same handler and token reader, from each library. */
export const EDGE_ENTRIES = {
  latchkey:
    'import { Auth } from "latchkey"; import { getToken } from "latchkey/jwt"; export { Auth, getToken };',
  "@auth/core":
    'import { Auth } from "@auth/core"; import { getToken } from "@auth/core/jwt"; export { Auth, getToken };',
} as const;

/**
 * The same two apps with one OAuth provider, GitHub, as most apps have one: like for like, since
 * latchkey's OAuth flow (and oauth4webapi) comes with the provider, where `@auth/core` bundles
 * every flow with `Auth` whatever the app configures.
 */
export const EDGE_ENTRIES_WITH_GITHUB = {
  latchkey: `${EDGE_ENTRIES.latchkey} export { default as GitHub } from "latchkey/providers/github";`,
  "@auth/core": `${EDGE_ENTRIES["@auth/core"]} export { default as GitHub } from "@auth/core/providers/github";`,
} as const;

export interface EdgeBundle {
  /** Minified size in bytes. */
  bytes: number;
  /** Every file bundled, as esbuild names it (the installed package's files end in `node_modules/latchkey/…`). */
  inputs: string[];
  /** The bundle itself, to look for what must not be in it. */
  text: string;
}

/**
 * An app folder with the package installed from `tarball` (what `npm pack` wrote) and its
 * `dependencies`, never its optional peers, linked from this repository's node_modules: what
 * `npm install latchkey` gives an app that installs nothing else.
 */
export function installPacked(app: string, tarball: string): void {
  const installed = join(app, "node_modules", "latchkey");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const link = join(app, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT_MODULES, name), link, "dir");
  }
}

/**
 * Bundles `entry` as a worker would: ESM, minified, the `worker` and `browser` conditions (so
 * `#crypto` is Web Crypto, runtime/web.js), resolved from `resolveDir`. What the app folder lacks
 * is looked up in this repository's node_modules, where the optional peers are installed: a bundle
 * that reached one would include it, never fail for want of it.
 */
export async function bundleForWorker(entry: string, resolveDir: string): Promise<EdgeBundle> {
  const result = await build({
    stdin: { contents: entry, resolveDir, loader: "js", sourcefile: "app.js" },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "browser",
    conditions: ["worker", "browser"],
    nodePaths: [ROOT_MODULES],
    metafile: true,
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  const outputs: Metafile["outputs"][string][] = Object.values(result.metafile.outputs);
  return {
    bytes: output?.contents.byteLength ?? 0,
    inputs: outputs.flatMap((bundled) => Object.keys(bundled.inputs)),
    text: output?.text ?? "",
  };
}

/** The `@auth/core` app (`entry`, by default without a provider), from this repository's node_modules. */
export const authCoreBundle = (entry: string = EDGE_ENTRIES["@auth/core"]): Promise<EdgeBundle> =>
  bundleForWorker(entry, ROOT);
