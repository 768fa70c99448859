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
  program: ts.Program;
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

export function compileExamples(root: string, examples: readonly WrappedExample[]): CompiledExamples {
  // A fragment such as `authorize: async () => …` parses as a labelled statement; refuse it.
  const options = { ...compilerOptions(root), allowUnusedLabels: false, allowUnreachableCode: false };
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
    return text === undefined
      ? getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate)
      : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  const program = ts.createProgram({
    rootNames: examples.map((wrapped) => wrapped.fileName),
    options,
    host,
  });
  const errors = new Map<string, string[]>();
  for (const wrapped of examples) {
    const files = [wrapped.fileName, ...wrapped.stubs.keys()];
    const diagnostics = files.flatMap((fileName) => {
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
  return { program, errors, globalErrors };
}
