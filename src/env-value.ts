/**
 * Reading one environment variable by latchkey's name, with next-auth v4's name for it as the
 * fallback. A module of its own below every layer, so that the handler (core/env.ts) and
 * `latchkey/jwt` (which stands alone) read AUTH_URL by one rule.
 */

/**
 * Told when one of next-auth v4's names stood in for latchkey's (`NEXTAUTH_URL` for `AUTH_URL`), so
 * the configuration can say once that the variable should be renamed.
 */
export type OnNextAuthV4Name = (v4Name: string, name: string) => void;

/** next-auth v4's names for AUTH_URL and AUTH_SECRET (docs/migrating.md, "From next-auth v4"). */
const NEXTAUTH_V4_NAMES: Readonly<Record<string, string>> = {
  AUTH_URL: "NEXTAUTH_URL",
  AUTH_SECRET: "NEXTAUTH_SECRET",
};

/**
 * `env[name]`, or when it is unset and next-auth v4 knew the variable by another name
 * (`NEXTAUTH_URL`, `NEXTAUTH_SECRET`), that one's value, reported to `onV4Name`.
 *
 * @example
 * ```ts
 * envValue({ NEXTAUTH_URL: "https://app.example.com" }, "AUTH_URL"); // "https://app.example.com"
 * ```
 */
export function envValue(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  onV4Name?: OnNextAuthV4Name,
): string | undefined {
  const value = env[name];
  if (value !== undefined && value !== "") return value;
  const v4Name = NEXTAUTH_V4_NAMES[name];
  const v4Value = v4Name === undefined ? undefined : env[v4Name];
  if (v4Name === undefined || v4Value === undefined || v4Value === "") return value;
  onV4Name?.(v4Name, name);
  return v4Value;
}
