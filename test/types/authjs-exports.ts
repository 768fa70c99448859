/**
 * The names Auth.js's entries export, read from its sources (test/support/authjs-git.ts) by
 * syntax alone: `export` declarations, `export { … }` lists and `export * from` (followed into the
 * module it names). Default exports are left out: an import names them as it likes.
 */
import { posix } from "node:path";
import ts from "typescript";
import { authjsFiles, readAuthjsFile } from "../support/authjs-git.js";

/** An Auth.js entry that apps import, and the latchkey entry that replaces it (docs/migrating.md). */
export interface AuthjsEntry {
  /** The specifier apps import, e.g. `next-auth/jwt`. */
  authjs: string;
  /** Its source in Auth.js's repository. */
  source: string;
  /** The latchkey specifier that replaces it. */
  latchkey: string;
}

/** `@auth/core/<path>` and relative specifiers, as files of the repository. */
function resolveSpecifier(from: string, specifier: string): string {
  const base = specifier.startsWith("@auth/core")
    ? posix.join("packages/core/src", specifier.slice("@auth/core".length) || "index")
    : posix.join(posix.dirname(from), specifier.replace(/\.js$/, ""));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (readAuthjsFile(candidate) !== undefined) return candidate;
  }
  throw new Error(`${from}: cannot find the module ${specifier} in Auth.js's repository`);
}

const hasModifier = (statement: ts.Statement, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(statement) &&
  (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === kind);

/** The names `path` exports, sorted. */
export function authjsExports(path: string): string[] {
  const text = readAuthjsFile(path);
  if (text === undefined) throw new Error(`Auth.js's repository has no ${path}`);
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) {
        const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
        for (const name of authjsExports(resolveSpecifier(path, specifier))) names.add(name);
      } else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements) names.add(element.name.text);
      } else {
        names.add(clause.name.text);
      }
    } else if (
      hasModifier(statement, ts.SyntaxKind.ExportKeyword) &&
      !hasModifier(statement, ts.SyntaxKind.DefaultKeyword)
    ) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
        }
      } else {
        const name = (statement as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) names.add(name.text);
      }
    }
  }
  return [...names].sort();
}

const PROVIDERS = "packages/core/src/providers";

/**
 * The entries apps import, each with its latchkey replacement: the packages' main entries, and
 * every provider module (`next-auth/providers/<id>` is `@auth/core/providers/<id>`).
 */
export function authjsEntries(): AuthjsEntry[] {
  const providerModules = authjsFiles(PROVIDERS)
    .filter((path) => /^[^/]+\.ts$/.test(path.slice(PROVIDERS.length + 1)) && !path.endsWith("/index.ts"))
    .map((source) => {
      const id = posix.basename(source, ".ts");
      return { authjs: `@auth/core/providers/${id}`, source, latchkey: `latchkey/providers/${id}` };
    });
  return [
    { authjs: "@auth/core", source: "packages/core/src/index.ts", latchkey: "latchkey" },
    { authjs: "@auth/core/types", source: "packages/core/src/types.ts", latchkey: "latchkey" },
    { authjs: "@auth/core/errors", source: "packages/core/src/errors.ts", latchkey: "latchkey" },
    { authjs: "@auth/core/jwt", source: "packages/core/src/jwt.ts", latchkey: "latchkey/jwt" },
    { authjs: "@auth/core/adapters", source: "packages/core/src/adapters.ts", latchkey: "latchkey/adapters" },
    { authjs: "@auth/core/providers", source: `${PROVIDERS}/index.ts`, latchkey: "latchkey/providers" },
    { authjs: "next-auth", source: "packages/next-auth/src/index.ts", latchkey: "latchkey/next" },
    { authjs: "next-auth/jwt", source: "packages/next-auth/src/jwt.ts", latchkey: "latchkey/jwt" },
    {
      authjs: "next-auth/adapters",
      source: "packages/next-auth/src/adapters.ts",
      latchkey: "latchkey/adapters",
    },
    // next-auth's build copies @auth/core's providers into next-auth/providers.
    { authjs: "next-auth/providers", source: `${PROVIDERS}/index.ts`, latchkey: "latchkey/providers" },
    { authjs: "next-auth/react", source: "packages/next-auth/src/react.tsx", latchkey: "latchkey/react" },
    {
      authjs: "next-auth/webauthn",
      source: "packages/next-auth/src/webauthn.ts",
      latchkey: "latchkey/react",
    },
    {
      authjs: "@auth/express",
      source: "packages/frameworks-express/src/index.ts",
      latchkey: "latchkey/express",
    },
    {
      authjs: "@auth/sveltekit",
      source: "packages/frameworks-sveltekit/src/lib/index.ts",
      latchkey: "latchkey/sveltekit",
    },
    {
      authjs: "@auth/sveltekit/components",
      source: "packages/frameworks-sveltekit/src/lib/components/index.ts",
      latchkey: "latchkey/sveltekit/components",
    },
    ...providerModules,
  ];
}
