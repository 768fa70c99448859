/**
 * Deprecated provider modules keep working and say, once per process, which module replaces them.
 * A factory runs before any configuration exists (apps call it inside the config literal), so the
 * config's logger is out of reach here and the notice goes to `console.warn`.
 */
const noticed = new Set<string>();

/** Logs once per process that `latchkey/providers/<deprecatedId>` is replaced by `<replacementId>`. */
export function noticeDeprecatedProvider(deprecatedId: string, replacementId: string): void {
  if (noticed.has(deprecatedId)) return;
  noticed.add(deprecatedId);
  console.warn(
    `[latchkey][warn] DeprecatedProvider: latchkey/providers/${deprecatedId} is deprecated; import latchkey/providers/${replacementId} instead.`,
  );
}
