/**
 * Turns an example into a module the compiler can check: the imports of the documented file that
 * the example uses without importing, the declarations its prelude gives, the example itself line
 * for line, and the prelude's `after` checks. Examples written as the inside of a handler (a
 * top-level `return`) are wrapped in a function, their imports kept at the top.
 */
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import type { Example } from "./extract.js";
import { GIVEN, type GivenName, type Prelude } from "./preludes.js";

export interface WrappedExample {
  example: Example;
  prelude: Prelude;
  /** Absolute path of the module, under generated/doc-examples/<slug>/src/. */
  fileName: string;
  text: string;
  /** 0-based line of the module where the example's first line sits. */
  bodyLine: number;
  /** Virtual modules for `prelude.modules`, by absolute path. */
  stubs: Map<string, string>;
  /** Problems found before compiling (a given name the example never uses, …). */
  problems: string[];
}

export const EXAMPLES_DIRECTORY = join("generated", "doc-examples");

/** A file-system-safe, unique directory name for a key. */
export function exampleSlug(key: string): string {
  return key.replace(/[^\w.-]/g, "_");
}

function parse(fileName: string, text: string): ts.SourceFile {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}

/** Names bound at the top level of a module: imports, variables, functions, classes, types. */
function topLevelNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const addBinding = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) names.add(element.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) addBinding(declaration.name);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)) &&
      statement.name &&
      ts.isIdentifier(statement.name)
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}

/** Every identifier the code mentions (a superset of what it references; enough to decide imports). */
function mentionedIdentifiers(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

/** True when a `return` sits outside any function: the example is the body of a handler. */
function hasTopLevelReturn(sourceFile: ts.SourceFile): boolean {
  const visit = (node: ts.Node): boolean => {
    if (ts.isReturnStatement(node)) return true;
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false;
    return ts.forEachChild(node, visit) ?? false;
  };
  return sourceFile.statements.some(visit);
}

function importLine(names: string[], types: string[], path: string, defaultName?: string): string {
  const specifier = JSON.stringify(path.replace(/\.ts$/, ".js"));
  const specifiers = names.map((name) => (types.includes(name) ? `type ${name}` : name));
  const parts = [defaultName, names.length > 0 ? `{ ${specifiers.join(", ")} }` : undefined].filter(Boolean);
  return `import ${parts.join(", ")} from ${specifier};`;
}

/** Builds the module for one example; `root` is the repository root. */
export function wrapExample(root: string, example: Example, prelude: Prelude): WrappedExample {
  const fileName = resolve(
    root,
    EXAMPLES_DIRECTORY,
    exampleSlug(example.key),
    "src",
    example.jsx ? "example.tsx" : "example.ts",
  );
  const problems: string[] = [];
  const code = parse(fileName, example.code);
  const mentioned = mentionedIdentifiers(code);
  const declared = topLevelNames(code);
  const given = prelude.given ?? [];
  for (const name of given) {
    if (!mentioned.has(name)) problems.push(`the prelude gives \`${name}\`, which the example does not use`);
    if (declared.has(name)) problems.push(`the prelude gives \`${name}\`, which the example declares itself`);
  }
  const preludeNames = topLevelNames(parse(fileName, prelude.prelude ?? ""));
  // A reserved word (a module's `export { remove as delete }`) cannot be imported by its name; an
  // example reaches such an export through a namespace it imports itself.
  const available = (name: string) =>
    mentioned.has(name) &&
    ts.identifierToKeywordKind(ts.factory.createIdentifier(name)) === undefined &&
    !declared.has(name) &&
    !preludeNames.has(name) &&
    !given.includes(name as GivenName);

  const header: string[] = [];
  const exports = example.moduleExports;
  if (exports) {
    const named = exports.named.filter(available);
    const defaultName =
      exports.defaultName !== undefined && available(exports.defaultName) ? exports.defaultName : undefined;
    if (named.length > 0 || defaultName) {
      header.push(importLine(named, exports.types, relative(dirname(fileName), exports.path), defaultName));
    }
  }
  if (prelude.after !== undefined || prelude.returned !== undefined) {
    header.push(`import assert from "node:assert/strict";`);
  }
  for (const name of given) header.push(GIVEN[name]);
  if (prelude.prelude) header.push(prelude.prelude);

  const bodyLines = example.code.split("\n");
  const after = prelude.after === undefined ? [] : ["", prelude.after];
  let lines: string[];
  let bodyLine: number;
  if (hasTopLevelReturn(code)) {
    // Imports stay at module level, each replaced by an empty line so line numbers still match.
    const importStatements = code.statements.filter(ts.isImportDeclaration);
    for (const statement of importStatements) {
      header.push(statement.getText(code));
      const start = code.getLineAndCharacterOfPosition(statement.getStart(code)).line;
      const end = code.getLineAndCharacterOfPosition(statement.getEnd()).line;
      for (let line = start; line <= end; line++) bodyLines[line] = "";
    }
    const headerText = header.length === 0 ? [] : header.join("\n").split("\n");
    if (prelude.exports !== undefined) problems.push("an example wrapped in a function cannot export names");
    const returned =
      prelude.returned === undefined
        ? []
        : ["export async function checkReturned(returned: unknown): Promise<void> {", prelude.returned, "}"];
    lines = [
      ...headerText,
      "export async function example(): Promise<unknown> {",
      ...bodyLines,
      ...after,
      "}",
      ...returned,
    ];
    bodyLine = headerText.length + 1;
  } else {
    const headerText = header.length === 0 ? [] : header.join("\n").split("\n");
    if (prelude.returned !== undefined) problems.push("`returned` needs an example that returns");
    const exported =
      prelude.exports === undefined ? "export {};" : `export { ${prelude.exports.join(", ")} };`;
    lines = [...headerText, ...bodyLines, ...after, exported];
    bodyLine = headerText.length;
  }

  const stubs = new Map<string, string>();
  for (const [specifier, source] of Object.entries(prelude.modules ?? {})) {
    if (!specifier.startsWith(".")) {
      problems.push(`prelude module "${specifier}": only relative specifiers can be stubbed`);
      continue;
    }
    stubs.set(resolve(dirname(fileName), specifier).replace(/\.js$/, ".ts"), source);
  }
  return { example, prelude, fileName, text: lines.join("\n"), bodyLine, stubs, problems };
}
