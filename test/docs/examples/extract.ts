/**
 * Finds the code examples a reader of latchkey sees: fenced blocks in the shipped Markdown (README,
 * docs/, prisma/) and the fenced blocks of `@example` tags in the TSDoc of src/. Each gets a key
 * that survives unrelated edits (`README.md#use`, `src/node/index.ts#toNodeHandler`), which the
 * prelude map in `preludes.ts` is keyed by.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export interface Example {
  /** `file#anchor`, plus `:n` for the n-th example under the same anchor (n ≥ 2). */
  key: string;
  /** Repository-relative path of the file the example is written in. */
  file: string;
  /** 1-based line of the example's first code line in that file. */
  line: number;
  /** The code, with fence and comment decoration removed; line for line as in the file. */
  code: string;
  /**
   * Present when the block opts out of checking with an `example-unchecked: <reason>` marker (an
   * HTML comment right before a Markdown fence, or the block's first line as a `//` comment).
   */
  uncheckedBecause?: string;
  /** True for a `tsx` block: compiled as a `.tsx` module, JSX through React's automatic runtime. */
  jsx?: boolean;
  /** TSDoc examples only: 1-based line of the `@example` tag. */
  tagLine?: number;
  /** TSDoc examples only: names the documented file exports, usable in the example without an import. */
  moduleExports?: ModuleExports;
}

export interface ModuleExports {
  /** Absolute path of the documented source file. */
  path: string;
  /** Exported binding names; `default` is listed as the local name of the default export. */
  named: string[];
  /**
   * The names of `named` that are types only (interfaces, type aliases, `export type`), which
   * `verbatimModuleSyntax` lets a module import only with `type`.
   */
  types: string[];
  defaultName?: string;
}

/** Languages whose blocks are not TypeScript and therefore not compiled. */
const OTHER_LANGUAGES = new Set([
  "sh",
  "bash",
  "shell",
  "console",
  "sql",
  "prisma",
  "json",
  "jsonc",
  "text",
  "txt",
  "diff",
  "html",
  "http",
  "env",
  "ini",
  "yaml",
  "yml",
  "toml",
  "svelte",
]);
const TYPESCRIPT = new Set(["ts", "typescript", "tsx"]);
/** TypeScript with JSX (React components), compiled as a `.tsx` module. */
const TSX = "tsx";
const UNCHECKED_MARKER = /example-unchecked:\s*(.*?)\s*(?:-->)?$/;
const MIN_REASON_LENGTH = 10;

/** A block the extractor cannot classify; the test reports these rather than guessing. */
export class ExampleFormatError extends Error {}

interface FencedBlock {
  language: string;
  /** 0-based index of the first code line within the lines given to `fencedBlocks`. */
  firstLine: number;
  code: string;
  /** The last non-blank line before the opening fence. */
  lineBefore: string | undefined;
  /** Slug of the Markdown heading above the block; `intro` before the first heading. */
  heading: string;
}

interface OpenFence {
  fence: string;
  indent: number;
  language: string;
  /** 0-based index of the first code line. */
  start: number;
  before: string | undefined;
}

/** Fenced code blocks (``` or ~~~) in a list of Markdown lines, with the headings above them. */
function fencedBlocks(lines: readonly string[], where: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let heading = "intro";
  let open: OpenFence | null = null;
  let lastNonBlank: string | undefined;
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (open === null) {
      const opening = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
      if (opening) {
        const [, indent = "", fence = "", language = ""] = opening;
        open = {
          fence,
          indent: indent.length,
          language: language.toLowerCase(),
          start: index + 1,
          before: lastNonBlank,
        };
        continue;
      }
      const title = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
      if (title !== undefined) heading = headingSlug(title);
      if (trimmed !== "") lastNonBlank = trimmed;
      continue;
    }
    const closes =
      /^(`+|~+)$/.test(trimmed) && trimmed[0] === open.fence[0] && trimmed.length >= open.fence.length;
    if (!closes) continue;
    const indent = open.indent;
    const code = lines
      .slice(open.start, index)
      .map((codeLine) => codeLine.slice(Math.min(indent, codeLine.search(/\S|$/))))
      .join("\n");
    blocks.push({ language: open.language, firstLine: open.start, code, lineBefore: open.before, heading });
    open = null;
    lastNonBlank = undefined;
  }
  if (open !== null)
    throw new ExampleFormatError(`${where}: a code fence opened on line ${open.start} is never closed`);
  return blocks;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

function uncheckedReason(block: FencedBlock, where: string): string | undefined {
  const firstCodeLine = block.code.split("\n").find((line) => line.trim() !== "");
  const marker =
    (firstCodeLine?.trim().startsWith("//") ? UNCHECKED_MARKER.exec(firstCodeLine) : null) ??
    (block.lineBefore?.startsWith("<!--") ? UNCHECKED_MARKER.exec(block.lineBefore) : null);
  if (!marker) return undefined;
  const reason = marker[1] ?? "";
  if (reason.length < MIN_REASON_LENGTH) {
    throw new ExampleFormatError(
      `${where}: "example-unchecked:" needs a reason saying why the block cannot compile`,
    );
  }
  return reason;
}

/** Keeps `ts` blocks, skips blocks of other named languages, refuses blocks without a known language. */
function isTypeScript(block: FencedBlock, where: string): boolean {
  if (TYPESCRIPT.has(block.language)) return true;
  if (OTHER_LANGUAGES.has(block.language)) return false;
  throw new ExampleFormatError(
    `${where}: a code block ${block.language ? `in "${block.language}"` : "without a language"}; ` +
      "tag it ```ts to have it compiled, or with its real language (sh, sql, json, …)",
  );
}

/** Appends `:n` to keys that repeat, in order of appearance. */
function numbered(anchorOf: (index: number) => string, count: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: count }, (_, index) => {
    const anchor = anchorOf(index);
    const n = (seen.get(anchor) ?? 0) + 1;
    seen.set(anchor, n);
    return n === 1 ? anchor : `${anchor}:${n}`;
  });
}

/** The `ts` blocks of one Markdown file, keyed by the heading they sit under (`intro` above the first). */
export function markdownExamples(file: string, text: string): Example[] {
  const blocks = fencedBlocks(text.split("\n"), file).filter((block) =>
    isTypeScript(block, `${file}:${block.firstLine}`),
  );
  const keys = numbered((index) => `${file}#${blocks[index]!.heading}`, blocks.length);
  return blocks.map((block, index) => {
    const reason = uncheckedReason(block, `${file}:${block.firstLine}`);
    return {
      key: keys[index]!,
      file,
      line: block.firstLine + 1,
      code: block.code,
      ...(block.language === TSX ? { jsx: true } : {}),
      ...(reason === undefined ? {} : { uncheckedBecause: reason }),
    };
  });
}

interface DocComment {
  start: number;
  end: number;
  text: string;
}

/** Every `/** … *\/` comment of a file: the leading trivia of each of its tokens, so strings never count. */
function docComments(sourceFile: ts.SourceFile): DocComment[] {
  const text = sourceFile.text;
  const byStart = new Map<number, DocComment>();
  const visit = (node: ts.Node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      const commentText = text.slice(range.pos, range.end);
      if (commentText.startsWith("/**"))
        byStart.set(range.pos, { start: range.pos, end: range.end, text: commentText });
    }
    for (const child of node.getChildren(sourceFile)) visit(child);
  };
  visit(sourceFile);
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

function declarationName(node: ts.Node): string | undefined {
  if (ts.isVariableStatement(node)) return declarationName(node.declarationList.declarations[0]!);
  const name = (node as { name?: ts.Node }).name;
  if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name))) {
    return name.text;
  }
  if (ts.isExportAssignment(node)) return "default";
  if (ts.isConstructorDeclaration(node)) return "constructor";
  return undefined;
}

/**
 * What a doc comment documents: the qualified name of the declaration right after it
 * (`AuthConfig.secret`), or `module` for a file comment with `@module`.
 */
function documentedName(sourceFile: ts.SourceFile, comment: DocComment): string {
  if (/@module\b/.test(comment.text)) return "module";
  const qualifiers: string[] = [];
  let node: ts.Node = sourceFile;
  for (;;) {
    const child = node
      .getChildren(sourceFile)
      .find((candidate) => candidate.pos <= comment.start && comment.start < candidate.end);
    if (!child) return [...qualifiers, "?"].join(".");
    if (child.kind === ts.SyntaxKind.SyntaxList) {
      node = child;
      continue;
    }
    if (child.getStart(sourceFile) >= comment.end) {
      return [...qualifiers, declarationName(child) ?? ts.SyntaxKind[child.kind]].join(".");
    }
    const name = declarationName(child);
    if (name !== undefined && !ts.isParameter(child)) qualifiers.push(name);
    node = child;
  }
}

/** The names a source file exports, for examples that use them without importing. */
export function moduleExports(path: string, sourceFile: ts.SourceFile): ModuleExports {
  const named: string[] = [];
  const typeNames = new Set<string>();
  const valueNames = new Set<string>();
  let defaultName: string | undefined;
  for (const statement of sourceFile.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
      for (const element of statement.exportClause.elements) {
        named.push(element.name.text);
        (statement.isTypeOnly || element.isTypeOnly ? typeNames : valueNames).add(element.name.text);
      }
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const isDefault = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.flatMap((declaration) =>
          ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
        )
      : [declarationName(statement)].filter(
          (name): name is string => name !== undefined && name !== "default",
        );
    if (isDefault) defaultName = names[0];
    else named.push(...names);
    const isType = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);
    for (const name of names) (isType ? typeNames : valueNames).add(name);
  }
  return {
    path,
    named: [...new Set(named)],
    // A name that is also a value (a class, or an interface merged with a function) imports as a value.
    types: [...typeNames].filter((name) => !valueNames.has(name)),
    ...(defaultName === undefined ? {} : { defaultName }),
  };
}

/** The text of a doc comment without `/**`, `*\/` and the leading ` * ` of each line. */
function commentLines(comment: string): string[] {
  return comment
    .replace(/^\/\*\*/, "")
    .replace(/\*\/$/, "")
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""));
}

/** The fenced `ts` blocks of every `@example` tag in one TypeScript file. */
export function tsdocExamples(file: string, absolutePath: string, text: string): Example[] {
  const sourceFile = ts.createSourceFile(absolutePath, text, ts.ScriptTarget.Latest, true);
  const exports = moduleExports(absolutePath, sourceFile);
  const found: Array<Omit<Example, "key"> & { anchor: string }> = [];
  for (const comment of docComments(sourceFile)) {
    if (!comment.text.includes("@example")) continue;
    const commentLine = sourceFile.getLineAndCharacterOfPosition(comment.start).line;
    const lines = commentLines(comment.text);
    const anchor = `${file}#${documentedName(sourceFile, comment)}`;
    // An @example runs to the next block tag; its code is the fenced block(s) inside it.
    let tagStart = -1;
    const tags: Array<[number, number]> = [];
    let inFence = false;
    lines.forEach((line, index) => {
      if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
      if (inFence) return;
      const tag = /^\s*@(\w+)/.exec(line);
      if (!tag) return;
      if (tagStart >= 0) tags.push([tagStart, index]);
      tagStart = tag[1] === "example" ? index : -1;
    });
    if (tagStart >= 0) tags.push([tagStart, lines.length]);
    for (const [from, to] of tags) {
      const where = `${file}:${commentLine + from + 1}`;
      const blocks = fencedBlocks(lines.slice(from + 1, to), where);
      if (blocks.length === 0)
        throw new ExampleFormatError(`${where}: an @example without a fenced code block`);
      for (const block of blocks) {
        if (!isTypeScript(block, where)) continue;
        const reason = uncheckedReason(block, where);
        found.push({
          anchor,
          file,
          line: commentLine + from + 1 + block.firstLine + 1,
          tagLine: commentLine + from + 1,
          code: block.code,
          moduleExports: exports,
          ...(reason === undefined ? {} : { uncheckedBecause: reason }),
        });
      }
    }
  }
  const keys = numbered((index) => found[index]!.anchor, found.length);
  return found.map(({ anchor: _anchor, ...example }, index) => ({ key: keys[index]!, ...example }));
}

function filesUnder(root: string, directory: string, accept: (path: string) => boolean): string[] {
  return readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter(accept)
    .sort();
}

/** The Markdown files a user reads: README, docs/ (not the generated API reference), prisma/. */
export function shippedMarkdownFiles(root: string): string[] {
  return [
    "README.md",
    ...filesUnder(root, "docs", (path) => path.endsWith(".md") && !path.startsWith(join("docs", "api"))),
    ...filesUnder(root, "prisma", (path) => path.endsWith(".md")),
  ];
}

export function sourceFiles(root: string): string[] {
  return filesUnder(root, "src", (path) => path.endsWith(".ts") && !path.endsWith(".test.ts"));
}

/** Every example of the repository at `root`, Markdown first, then src/ in path order. */
export function allExamples(root: string): Example[] {
  const read = (file: string) => readFileSync(join(root, file), "utf8");
  return [
    ...shippedMarkdownFiles(root).flatMap((file) => markdownExamples(file, read(file))),
    ...sourceFiles(root).flatMap((file) => tsdocExamples(file, join(root, file), read(file))),
  ];
}
