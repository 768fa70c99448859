/**
 * The error page for `/error?error=<Type>`, and the one map from error type to HTTP status.
 */
import { escapeHtml } from "./escape.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

/**
 * HTTP status of the error page per error type. A server misconfiguration is the server's fault (500),
 * refused or invalid sign-ins are forbidden (403); every other type, known or not, is a 400.
 */
export const ERROR_PAGE_STATUS: Readonly<Record<"Configuration" | "AccessDenied" | "Verification", number>> =
  {
    Configuration: 500,
    AccessDenied: 403,
    Verification: 403,
  };

/**
 * The status the error page is sent with for `error`.
 *
 * @example
 * ```ts
 * errorPageStatus("Configuration"); // 500
 * errorPageStatus("anything else"); // 400
 * ```
 */
export function errorPageStatus(error: string): number {
  // hasOwn: the type comes from the query string, and "constructor" must not find Object.prototype.
  return Object.hasOwn(ERROR_PAGE_STATUS, error)
    ? ERROR_PAGE_STATUS[error as keyof typeof ERROR_PAGE_STATUS]
    : 400;
}

interface ErrorCopy {
  heading: string;
  message: string;
}

const ERROR_COPY: ReadonlyMap<string, ErrorCopy> = new Map([
  [
    "Configuration",
    {
      heading: "Server error",
      message:
        "Sign-in is not set up correctly on this site. If you run it, check the server logs for details.",
    },
  ],
  ["AccessDenied", { heading: "Access denied", message: "You do not have permission to sign in." }],
  [
    "Verification",
    {
      heading: "Link no longer valid",
      message: "This sign-in link has expired or has already been used. Request a new one to continue.",
    },
  ],
]);

const DEFAULT_COPY: ErrorCopy = {
  heading: "Something went wrong",
  message: "We could not sign you in. Please try again.",
};

export interface ErrorPageOptions {
  /** Error type from the query string; picks the wording, never shown verbatim. */
  error: string;
  /** Link target for trying again, e.g. `/auth/signin`. */
  signinUrl: string;
  theme?: Theme;
}

/**
 * Renders the error page with its status from {@link ERROR_PAGE_STATUS}.
 *
 * @example
 * ```ts
 * const { html, status } = renderErrorPage({ error: "Verification", signinUrl: "/auth/signin" });
 * // status === 403
 * ```
 */
export function renderErrorPage(options: ErrorPageOptions): RenderedPage {
  const copy = ERROR_COPY.get(options.error) ?? DEFAULT_COPY;
  const body = `<p class="center">${escapeHtml(copy.message)}</p>
<p class="actions"><a class="button" href="${escapeHtml(options.signinUrl)}">Sign in</a></p>`;
  return {
    html: renderDocument({ title: copy.heading, body, theme: options.theme }),
    status: errorPageStatus(options.error),
  };
}
