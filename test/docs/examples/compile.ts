/**
 * Type-checks wrapped examples in one TypeScript program, against the sources: the repository's
 * tsconfig maps `latchkey` and `latchkey/*` to src/, so an example that names an export or a
 * signature src/ does not have fails here. Diagnostics point at the line in the README, doc or
 * source file where the reader sees the example.
 */
import { join } from "node:path";
import ts from "typescript";
import type { WrappedExample } from "./wrap.js";

export interface CompiledExamples {
  /** Compiler errors per example key, as `file:line:column message`. */
  errors: Map<string, string[]>;
  /** Errors that belong to no example (options, global types). */
  globalErrors: string[];
}

export function compilerOptions(root: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("tsconfig.json could not be read");
  return parsed.options;
}

function describe(diagnostic: ts.Diagnostic, wrapped: WrappedExample | undefined): string {
  const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
  if (!diagnostic.file || diagnostic.start === undefined) return message;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  if (!wrapped || diagnostic.file.fileName !== wrapped.fileName) {
    return `${diagnostic.file.fileName}:${line + 1}:${character + 1} ${message}`;
  }
  const exampleLines = wrapped.example.code.split("\n").length;
  if (line >= wrapped.bodyLine && line < wrapped.bodyLine + exampleLines) {
    const fileLine = wrapped.example.line + line - wrapped.bodyLine;
    return `${wrapped.example.file}:${fileLine}:${character + 1} ${message}`;
  }
  const text = diagnostic.file.text.split("\n")[line]?.trim();
  return `in the prelude or checks of ${wrapped.example.key} (\`${text}\`): ${message}`;
}

/**
 * True for an example that changes types for the whole program (`declare module "latchkey"`,
 * `declare global`): an augmented `User` would leak into every other example, so it gets a program
 * of its own.
 */
export function augmentsTypes(wrapped: WrappedExample): boolean {
  const sourceFile = ts.createSourceFile(wrapped.fileName, wrapped.text, ts.ScriptTarget.Latest, true);
  return sourceFile.statements.some(
    (statement) =>
      ts.isModuleDeclaration(statement) &&
      (ts.isStringLiteral(statement.name) || statement.name.text === "global"),
  );
}

/** One program over some examples; parsed library and source files are shared through `cache`. */
function checkProgram(
  options: ts.CompilerOptions,
  examples: readonly WrappedExample[],
  cache: Map<string, ts.SourceFile>,
): { errors: Map<string, string[]>; globalErrors: string[] } {
  const virtual = new Map<string, string>();
  for (const wrapped of examples) {
    virtual.set(wrapped.fileName, wrapped.text);
    for (const [path, text] of wrapped.stubs) virtual.set(path, text);
  }
  const virtualDirectories = new Set(
    [...virtual.keys()].flatMap((path) =>
      path.split("/").map((_, index, parts) => parts.slice(0, index).join("/")),
    ),
  );
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists.call(host, fileName);
  host.directoryExists = (directory) =>
    virtualDirectories.has(directory.replace(/\/$/, "")) || (directoryExists?.call(host, directory) ?? true);
  host.readFile = (fileName) => virtual.get(fileName) ?? readFile.call(host, fileName);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    const cached = cache.get(fileName);
    if (cached) return cached;
    const sourceFile = getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate);
    if (sourceFile) cache.set(fileName, sourceFile);
    return sourceFile;
  };
  const program = ts.createProgram({ rootNames: examples.map((wrapped) => wrapped.fileName), options, host });
  const errors = new Map<string, string[]>();
  for (const wrapped of examples) {
    const diagnostics = [wrapped.fileName, ...wrapped.stubs.keys()].flatMap((fileName) => {
      const sourceFile = program.getSourceFile(fileName);
      if (!sourceFile) return [];
      return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    });
    errors.set(
      wrapped.example.key,
      diagnostics.map((diagnostic) => describe(diagnostic, wrapped)),
    );
  }
  const globalErrors = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map(
    (diagnostic) => describe(diagnostic, undefined),
  );
  return { errors, globalErrors };
}

/**
 * Type-checks the examples: all together in one program, except those that augment types, which
 * get one each.
 */
export function compileExamples(root: string, examples: readonly WrappedExample[]): CompiledExamples {
  // A fragment such as `authorize: async () => …` parses as a labelled statement; refuse it.
  const options = {
    ...compilerOptions(root),
    allowUnusedLabels: false,
    allowUnreachableCode: false,
    // `tsx` blocks (React components) use the automatic JSX runtime, as React 17+ apps do.
    jsx: ts.JsxEmit.ReactJSX,
  };
  const cache = new Map<string, ts.SourceFile>();
  const isolated = examples.filter(augmentsTypes);
  const groups = [
    examples.filter((wrapped) => !isolated.includes(wrapped)),
    ...isolated.map((wrapped) => [wrapped]),
  ];
  const errors = new Map<string, string[]>();
  const globalErrors: string[] = [];
  for (const group of groups.filter((examplesOfGroup) => examplesOfGroup.length > 0)) {
    const checked = checkProgram(options, group, cache);
    for (const [key, messages] of checked.errors) errors.set(key, messages);
    globalErrors.push(...checked.globalErrors.filter((message) => !globalErrors.includes(message)));
  }
  return { errors, globalErrors };
}
