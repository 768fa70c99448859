/**
 * Runs the TypeScript compiler in-process over small programs and reports every diagnostic as text.
 * Parsed files are shared between the programs of one test file: the DOM and ES lib files alone
 * take about a second to parse, and a test compiles a dozen programs.
 */
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => REPO_ROOT,
  getNewLine: () => "\n",
};

/** Compiler options of a tsconfig file, as `tsc -p` would read them. */
export function readTsconfig(path: string, overrides: ts.CompilerOptions = {}): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(path, overrides, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.formatDiagnostics([diagnostic], formatHost));
    },
  });
  if (!parsed) throw new Error(`Could not read ${path}`);
  if (parsed.errors.length > 0) throw new Error(ts.formatDiagnostics(parsed.errors, formatHost));
  return parsed;
}

export interface Compiled {
  /** Every diagnostic (options, syntax, types, declaration emit), formatted like tsc prints them. */
  diagnostics: string;
  /** The same diagnostics, unformatted. */
  raw: ts.Diagnostic[];
  program: ts.Program;
}

export function createCompiler() {
  const parsed = new Map<string, ts.SourceFile>();

  function hostFor(options: ts.CompilerOptions, replaced: ReadonlyMap<string, string>): ts.CompilerHost {
    const host = ts.createCompilerHost(options, true);
    const readSourceFile = host.getSourceFile;
    host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
      const text = replaced.get(fileName);
      if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersionOrOptions, true);
      const format =
        typeof languageVersionOrOptions === "object"
          ? `${languageVersionOrOptions.languageVersion}/${languageVersionOrOptions.impliedNodeFormat}`
          : String(languageVersionOrOptions);
      const key = `${format}:${fileName}`;
      let file = parsed.get(key);
      if (!file) {
        file = readSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
        if (file) parsed.set(key, file);
      }
      return file;
    };
    return host;
  }

  return {
    /**
     * Type-checks `rootNames`, and emits (declarations, say) when `options` ask for output.
     * `replaced` gives files other contents than they have on disk; `reportOn` limits the per-file
     * diagnostics to those files (the options and global ones are always reported).
     */
    compile(
      rootNames: string[],
      options: ts.CompilerOptions,
      {
        replaced = new Map(),
        reportOn,
      }: { replaced?: ReadonlyMap<string, string>; reportOn?: string[] } = {},
    ): Compiled {
      const program = ts.createProgram({ rootNames, options, host: hostFor(options, replaced) });
      const raw = reportOn
        ? [
            ...program.getOptionsDiagnostics(),
            ...program.getGlobalDiagnostics(),
            ...reportOn.flatMap((fileName) => {
              const file = program.getSourceFile(fileName);
              if (!file) throw new Error(`${fileName} is not part of the program`);
              return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
            }),
          ]
        : [...ts.getPreEmitDiagnostics(program)];
      if (!options.noEmit) raw.push(...program.emit().diagnostics);
      return { program, raw, diagnostics: ts.formatDiagnostics(raw, formatHost) };
    },
  };
}
