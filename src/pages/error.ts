/**
 * The error page for `/error?error=<Type>`. Its wording is chosen by type; its status comes from the
 * error class (the caller passes it), so the page holds no second map of statuses.
 */
import type { ClientErrorType } from "../core/error-traits.js";
import { escapeHtml } from "./escape.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

interface ErrorCopy {
  heading: string;
  message: string;
}

const ERROR_COPY: ReadonlyMap<ClientErrorType, ErrorCopy> = new Map<ClientErrorType, ErrorCopy>([
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
  [
    "RateLimited",
    {
      heading: "Too many attempts",
      message: "There were too many sign-in attempts. Wait a few minutes, then try again.",
    },
  ],
  ...(["StoreUnavailable", "RateLimitStoreError", "LockTimeout"] as const).map(
    (type): [ClientErrorType, ErrorCopy] => [
      type,
      {
        heading: "Temporarily unavailable",
        message: "Sign-in is briefly unavailable on this site. Please try again later.",
      },
    ],
  ),
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
  /** The HTTP status, from the error's class (`errorPageStatus`). */
  status: number;
  theme?: Theme;
}

/**
 * Renders the error page.
 *
 * @example
 * ```ts
 * const { html, status } = renderErrorPage({ error: "Verification", signinUrl: "/auth/signin", status: 403 });
 * ```
 */
export function renderErrorPage(options: ErrorPageOptions): RenderedPage {
  const copy = ERROR_COPY.get(options.error as ClientErrorType) ?? DEFAULT_COPY;
  const body = `<p class="center">${escapeHtml(copy.message)}</p>
<p class="actions"><a class="button" href="${escapeHtml(options.signinUrl)}">Sign in</a></p>`;
  return {
    html: renderDocument({ title: copy.heading, body, theme: options.theme }),
    status: options.status,
  };
}
