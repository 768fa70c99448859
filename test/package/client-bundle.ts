/**
 * The browser bundle of `latchkey/client` and `latchkey/react`: what a page's bundler makes of them,
 * from the packed package as `npm install` lays it out. Minified with esbuild, then gzipped (what
 * a server sends). Used by the package test (which holds them to a budget) and by
 * `npm run bench -- --only=bundle` (which prints them).
 */
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";

/** Pages as apps write them: everything, the usual three functions, the organization functions, and the React hooks. */
export const CLIENT_ENTRIES = {
  "latchkey/client (every export)": 'export * from "latchkey/client";',
  "latchkey/client (signIn, signOut, getSession)":
    'export { signIn, signOut, getSession } from "latchkey/client";',
  "latchkey/client (getSession alone)": 'export { getSession } from "latchkey/client";',
  "latchkey/client (organization)": 'export { organization } from "latchkey/client";',
  "latchkey/react (SessionProvider, useSession, signIn, signOut; react itself not counted)":
    'export { SessionProvider, useSession, signIn, signOut } from "latchkey/react";',
} as const;

export type ClientEntry = keyof typeof CLIENT_ENTRIES;

export interface BrowserBundle {
  /** Minified size in bytes. */
  bytes: number;
  /** The minified bundle gzipped (level 9), in bytes. */
  gzipBytes: number;
  /** Every file bundled, as esbuild names it. */
  inputs: string[];
}

/** Bundles `entry` for a browser page, resolved from `resolveDir`; React stays outside, as the app's own. */
export async function bundleForBrowser(entry: string, resolveDir: string): Promise<BrowserBundle> {
  const result = await build({
    stdin: { contents: entry, resolveDir, loader: "js", sourcefile: "page.js" },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "browser",
    external: ["react", "react/*", "react-dom"],
    metafile: true,
    logLevel: "silent",
  });
  const contents = result.outputFiles[0]?.contents ?? new Uint8Array();
  const outputs: Metafile["outputs"][string][] = Object.values(result.metafile.outputs);
  return {
    bytes: contents.byteLength,
    gzipBytes: gzipSync(contents, { level: 9 }).byteLength,
    inputs: outputs.flatMap((bundled) => Object.keys(bundled.inputs)),
  };
}
