/**
 * Pages of a SvelteKit app that use latchkey/sveltekit/components, rendered on the server as the
 * app's server build renders them (Svelte 5's `render` from `svelte/server`), without building an
 * app. The project's vitest config has no Svelte plugin, so the components and each page are
 * compiled here with Svelte's compiler and written to a folder under generated/ (gitignored), from
 * which vitest imports them like any module: the components' import of `./props.js` points at the
 * sources, a page's import of `latchkey/sveltekit/components` at the compiled components, and
 * SvelteKit's `$app/forms` at a stand-in (on the server `use:enhance` never runs).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Component } from "svelte";
import { compile } from "svelte/compiler";
import { render } from "svelte/server";

const COMPONENTS = new URL("../../src/sveltekit/components/", import.meta.url);
const GENERATED = fileURLToPath(new URL("../../generated/test-artifacts/", import.meta.url));

/** What the components' index module exports, for the compiled components. */
const COMPONENTS_INDEX = [
  'export { default as SignIn } from "./SignIn.js";',
  'export { default as SignOut } from "./SignOut.js";',
  "",
].join("\n");
const APP_FORMS_STAND_IN = "export function enhance() { return { destroy() {} }; }\n";

function compileForServer(source: string, filename: string): string {
  return compile(source, { filename, generate: "server" }).js.code;
}

export interface ServerPages {
  /** Renders a page (the source of a `.svelte` file) with `props`; returns the page's HTML. */
  render(source: string, props?: Record<string, unknown>): Promise<string>;
  /** Deletes the compiled files. */
  remove(): void;
}

export function serverPages(): ServerPages {
  mkdirSync(GENERATED, { recursive: true });
  // A folder per test process: Stryker runs two test processes in one sandbox.
  const folder = mkdtempSync(join(GENERATED, "svelte-pages-"));
  const props = JSON.stringify(fileURLToPath(new URL("props.ts", COMPONENTS)));
  for (const name of ["SignIn", "SignOut"]) {
    const file = `${name}.svelte`;
    const code = compileForServer(readFileSync(new URL(file, COMPONENTS), "utf8"), file)
      .replace(/from ["']\$app\/forms["']/g, 'from "./app-forms.js"')
      .replace(/from ["']\.\/props\.js["']/g, `from ${props}`);
    writeFileSync(join(folder, `${name}.js`), code);
  }
  writeFileSync(join(folder, "components.js"), COMPONENTS_INDEX);
  writeFileSync(join(folder, "app-forms.js"), APP_FORMS_STAND_IN);
  let pages = 0;
  return {
    async render(source, pageProps = {}) {
      const file = join(folder, `Page${++pages}.js`);
      const code = compileForServer(source, "+page.svelte").replace(
        /from ["']latchkey\/sveltekit\/components["']/g,
        'from "./components.js"',
      );
      writeFileSync(file, code);
      const page = (await import(/* @vite-ignore */ file)) as { default: Component<Record<string, unknown>> };
      return render(page.default, { props: pageProps }).body;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
