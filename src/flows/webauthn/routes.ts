/**
 * The passkey flow's own routes, at Auth.js's URLs: `GET /webauthn-options/:id`, the ceremony's
 * options and single-use challenge, and `GET /webauthn-script`, the sign-in page's passkey script.
 * They are served only for a configuration with a passkey provider, because only that provider's
 * flow declares them.
 */
import { routedProvider } from "../../core/context.js";
import { InvalidProvider } from "../../core/errors.js";
import type { RouteTable } from "../../core/routes.js";
import { PASSKEY_SCRIPT } from "../../pages/passkey-script.js";
import type { WebAuthnConfig } from "../../provider-types.js";
import { webauthnOptions } from "./options.js";

export const WEBAUTHN_ROUTES: RouteTable = {
  "webauthn-options": {
    // Each answer stores a challenge: counted, so that nobody can fill the store with them.
    methods: {
      GET: {
        csrf: "none",
        rateLimit: "webauthnOptions",
        run(ctx) {
          const provider = routedProvider(ctx);
          if (provider.type !== "webauthn") {
            throw new InvalidProvider(`Provider "${provider.id}" does not issue WebAuthn options.`);
          }
          return webauthnOptions(ctx, provider as WebAuthnConfig);
        },
      },
    },
    provider: "required",
    answers: "json",
  },
  // The script holds no per-user data, so shared caches may keep it for an hour.
  "webauthn-script": {
    methods: {
      GET: {
        csrf: "none",
        async run() {
          return {
            status: 200,
            headers: {
              "Content-Type": "text/javascript; charset=utf-8",
              "Cache-Control": "public, max-age=3600",
            },
            body: PASSKEY_SCRIPT,
          };
        },
      },
    },
    provider: "none",
    answers: "json",
  },
};
