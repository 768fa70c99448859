/**
 * Runs a compiled example: writes its module under generated/doc-examples/ with `latchkey`
 * imports pointed at src/ (inside the repository a bare `latchkey` would resolve to the built
 * dist/), turns documented results (`sanitizeColor("#346df1"); // "#346df1"`) into assertions,
 * and imports it. An example wrapped in a function (it returns, like a handler) is also called.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { compilerOptions } from "./compile.js";
import { allExamples } from "./extract.js";
import { PRELUDES } from "./preludes.js";
import { type WrappedExample, wrapExample } from "./wrap.js";

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Literals a reader can write as a documented result: strings, numbers, booleans, null, undefined, and arrays or objects of them. */
function isLiteral(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isLiteral(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node))
    return true;
  if (ts.isPrefixUnaryExpression(node))
    return node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand);
  if (
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  ) {
    return true;
  }
  if (ts.isIdentifier(node)) return node.text === "undefined";
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isLiteral);
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every(
      (property) => ts.isPropertyAssignment(property) && isLiteral(property.initializer),
    );
  }
  return false;
}

/** The documented result after a statement: a `//` comment on its line, or alone on the next line, that is a literal. */
function documentedResult(text: string, statement: ts.Statement): string | undefined {
  const rest = text.slice(statement.end).split("\n", 2);
  const sameLine = /^\s*\/\/\s*(.+?)\s*$/.exec(rest[0] ?? "");
  const nextLine = (rest[0] ?? "").trim() === "" ? /^\s*\/\/\s*(.+?)\s*$/.exec(rest[1] ?? "") : null;
  const comment = (sameLine ?? nextLine)?.[1];
  if (comment === undefined) return undefined;
  const source = `(${comment});`;
  if (ts.transpileModule(source, { reportDiagnostics: true }).diagnostics?.length) return undefined;
  const [only, ...others] = ts.createSourceFile("result.ts", source, ts.ScriptTarget.Latest, true).statements;
  if (!only || others.length > 0 || !ts.isExpressionStatement(only)) return undefined;
  return isLiteral(only.expression) ? comment : undefined;
}

/** Statements of the example itself: the module's, or those of the wrapping `example()` function. */
function exampleStatements(sourceFile: ts.SourceFile): readonly ts.Statement[] {
  const wrapper = sourceFile.statements.find(
    (statement): statement is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(statement) && statement.name?.text === "example",
  );
  return wrapper?.body?.statements ?? sourceFile.statements;
}

const DOC_ASSERT = `
import __assert from "node:assert/strict";
function __docAssert(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === "string" && expected.endsWith("…")) {
    const prefix = expected.slice(0, -1).trimEnd();
    __assert.ok(typeof actual === "string" && actual.startsWith(prefix), \`\${where}: expected a string starting with \${JSON.stringify(prefix)}, got \${JSON.stringify(actual)}\`);
  } else {
    __assert.deepStrictEqual(actual, expected, \`\${where}: the documented result differs\`);
  }
}`;

/** The example's module as it runs; `problems` lists why it cannot. */
export function runnableSource(
  root: string,
  wrapped: WrappedExample,
  options: ts.CompilerOptions,
): { text: string; problems: string[] } {
  const text = wrapped.text;
  const sourceFile = ts.createSourceFile(
    wrapped.fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const problems: string[] = [];
  const edits: Edit[] = [];
  for (const statement of sourceFile.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword)) {
      problems.push(
        `a running example needs real values, not \`${statement.getText(sourceFile).split("\n")[0]}\``,
      );
    }
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier
        : undefined;
    if (!specifier) continue;
    const resolved = ts.resolveModuleName(specifier.text, wrapped.fileName, options, ts.sys).resolvedModule;
    if (resolved && wrapped.stubs.has(resolved.resolvedFileName)) {
      problems.push(`"${specifier.text}" exists only as a stub for type-checking`);
    } else if (resolved?.resolvedFileName.startsWith(`${root}src/`)) {
      edits.push({
        start: specifier.getStart(sourceFile),
        end: specifier.end,
        text: JSON.stringify(resolved.resolvedFileName),
      });
    }
  }
  const bodyEnd = wrapped.bodyLine + wrapped.example.code.split("\n").length;
  for (const statement of exampleStatements(sourceFile)) {
    const line = sourceFile.getLineAndCharacterOfPosition(statement.getStart(sourceFile)).line;
    if (!ts.isExpressionStatement(statement) || line < wrapped.bodyLine || line >= bodyEnd) continue;
    const expected = documentedResult(text, statement);
    if (expected === undefined) continue;
    const where = `${wrapped.example.file}:${wrapped.example.line + line - wrapped.bodyLine}`;
    edits.push({
      start: statement.getStart(sourceFile),
      end: statement.end,
      text: `__docAssert(${statement.expression.getText(sourceFile)}, ${expected}, ${JSON.stringify(where)});`,
    });
  }
  let result = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return { text: `${result}\n${DOC_ASSERT}\n`, problems };
}

/** Writes and imports the runnable module, with the example's environment; returns its exports. */
export async function runExample(
  root: string,
  wrapped: WrappedExample,
  options: ts.CompilerOptions,
): Promise<Record<string, unknown>> {
  const { text, problems } = runnableSource(root, wrapped, options);
  if (problems.length > 0) throw new Error(`${wrapped.example.key} cannot run:\n${problems.join("\n")}`);
  mkdirSync(dirname(wrapped.fileName), { recursive: true });
  // Written aside and renamed, so a test file running the same example in parallel never reads half of it.
  const partial = `${wrapped.fileName}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, wrapped.fileName);

  const saved = Object.entries(wrapped.prelude.env ?? {}).map(([name]) => [name, process.env[name]] as const);
  try {
    for (const [name, value] of Object.entries(wrapped.prelude.env ?? {})) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    const module = (await import(pathToFileURL(wrapped.fileName).href)) as Record<string, unknown>;
    if (typeof module.example === "function") {
      const returned: unknown = await module.example();
      if (typeof module.checkReturned === "function") await module.checkReturned(returned);
    }
    return module;
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** Extracts, wraps and runs the one example with this key (for tests that exercise what it builds). */
export async function runExampleByKey(root: string, key: string): Promise<Record<string, unknown>> {
  const example = allExamples(root).find((candidate) => candidate.key === key);
  if (!example) throw new Error(`no example has the key ${key}`);
  return runExample(root, wrapExample(root, example, PRELUDES[key] ?? {}), compilerOptions(root));
}
