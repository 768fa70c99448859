/**
 * Code carried by a value: a value the app imports (a provider factory's result, `TwoFactor(…)`,
 * `databaseStrategy`, `nextAuthV4Sessions`) holds code under a registered symbol, so that a
 * single-file bundle (an edge runtime's) includes that code only when the app imports the value.
 * Each place that carries code names its own key and says what it carries; this module is the one
 * way to attach and read it. It sits below every layer and is in every bundle: keep it tiny (arrow
 * functions, which minify smaller than declarations).
 */

/** Type-only: ties a key to the code it carries. Nothing of it exists at run time. */
declare const carries: unique symbol;

/**
 * A registered symbol (`Symbol.for`, so a value built by one copy of the package works with
 * another) under which a value carries code of type `Code`. At run time it is the plain symbol.
 */
export type CodeKey<Code> = symbol & { readonly [carries]?: Code };

/**
 * A copy of `value` carrying `code` under `key`, as an own enumerable property: a spread of the
 * copy (`{ ...provider, id: "other" }`) keeps it, and `JSON.stringify` never shows a symbol.
 *
 * @example
 * ```ts
 * const GREETING = Symbol.for("example.greeting") as CodeKey<() => string>;
 * const value = carrying({ name: "hello" }, GREETING, () => "hi");
 * JSON.stringify(value); // '{"name":"hello"}'
 * ```
 */
export const carrying = <V extends object, Code>(value: V, key: CodeKey<Code>, code: Code): V => ({
  ...value,
  [key]: code,
});

/**
 * The code `value` carries under `key`, or undefined when it carries none (a string, `true`, a
 * plain object the app wrote itself).
 *
 * @example
 * ```ts
 * const GREETING = Symbol.for("example.greeting") as CodeKey<() => string>;
 * carriedCode(carrying({}, GREETING, () => "hi"), GREETING)?.(); // "hi"
 * carriedCode("jwt", GREETING); // undefined
 * ```
 */
export const carriedCode = <Code>(value: unknown, key: CodeKey<Code>): Code | undefined =>
  typeof value === "object" && value !== null ? (value as Record<symbol, Code>)[key] : undefined;
