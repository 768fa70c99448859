/**
 * What is derived from the error classes for answering a browser: which type it may see, the error
 * page's status for a type from the query string, and where `docs/errors.md` explains a type. Kept
 * apart from the classes, which are public API, because these are the handler's own rules.
 */
import { ERROR_CLASSES, type ErrorType } from "./errors.js";

/** What a browser is told for any error that is not client-safe: the server is set up wrongly. */
export const CONFIGURATION_ERROR = "Configuration";

/** The type a browser may see for `error`: its own when client-safe, else "Configuration". */
export type ClientErrorType = ErrorType | typeof CONFIGURATION_ERROR;

const CLASS_BY_TYPE: ReadonlyMap<string, (typeof ERROR_CLASSES)[number]> = new Map(
  ERROR_CLASSES.map((errorClass) => [errorClass.type, errorClass]),
);

/**
 * The class of a type name that arrived from outside (a query string), if it names a client-safe
 * one. Anything else, including "Configuration" and names of internal errors, gives undefined.
 *
 * @example
 * ```ts
 * clientSafeErrorClass("AccessDenied")?.status; // 403
 * clientSafeErrorClass("AdapterError"); // undefined: never shown by name
 * ```
 */
export function clientSafeErrorClass(type: string): (typeof ERROR_CLASSES)[number] | undefined {
  const errorClass = CLASS_BY_TYPE.get(type);
  return errorClass?.clientSafe ? errorClass : undefined;
}

/**
 * The status of the error page for a type from `?error=`: the class's status, 500 for
 * "Configuration", 400 for anything unknown.
 *
 * @example
 * ```ts
 * errorPageStatus("Verification"); // 403
 * errorPageStatus("Configuration"); // 500
 * errorPageStatus("<script>"); // 400
 * ```
 */
export function errorPageStatus(type: string): number {
  if (type === CONFIGURATION_ERROR) return 500;
  return clientSafeErrorClass(type)?.status ?? 400;
}

/** Where `docs/errors.md` explains a type; logged with every error so the fix is one click away. */
export function errorDocsAnchor(type: string): string {
  return `docs/errors.md#${type.toLowerCase()}`;
}
