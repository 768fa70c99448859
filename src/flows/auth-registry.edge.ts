/**
 * The flows `Auth` brings itself on edge runtimes (package.json's `#auth-flows` import for every
 * condition but `node`): none. A single-file bundler (Next.js middleware, a Cloudflare Worker)
 * includes whatever `Auth` imports, so each flow arrives with the provider factories that need it
 * (`GitHub()`, `OIDC()`, `Resend()`, `Credentials()`), and an app bundles only the flows it uses.
 */
import type { FlowRegistry } from "./types.js";

export const authFlows: FlowRegistry = {};
