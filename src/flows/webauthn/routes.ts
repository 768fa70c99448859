/**
 * The passkey flow's own routes, at Auth.js's URLs: `GET /webauthn-options/:id`, the ceremony's
 * options and single-use challenge, and `GET /webauthn-script`, the sign-in page's passkey script.
 * They are served only for a configuration with a passkey provider, because only that provider's
 * flow declares them.
 */
import { type AuthContext, routedProvider } from "../../core/context.js";
import { InvalidProvider } from "../../core/errors.js";
import type { RouteTable } from "../../core/routes.js";
import type { Language } from "../../locales/messages.js";
import { passkeyScript } from "../../pages/passkey-script.js";
import type { WebAuthnConfig } from "../../provider-types.js";
import { webauthnOptions } from "./options.js";

/**
 * The passkey script's URL for a page in the request's language. The language travels in the URL,
 * not in the script request's `Accept-Language`, so a shared cache keeps one script per language.
 */
export const passkeyScriptUrl = (ctx: AuthContext): string =>
  `${ctx.actionUrl("webauthn-script")}?lang=${encodeURIComponent(ctx.language.locale)}`;

/**
 * The language the script's `lang` names when the app speaks it, else the app's default: the
 * answer depends on the URL alone, and an unknown tag is one more cached copy of the default.
 */
function scriptLanguage(ctx: AuthContext): Language {
  const tag = ctx.req.query.lang ?? "";
  const asked = (headers: HeadersInit) => ctx.config.language(new Request(ctx.request.url, { headers }));
  // A tag as RFC 5646 §2.1 spells it; anything else could not even be sent as a header.
  const named = /^[A-Za-z\d]{1,8}(-[A-Za-z\d]{1,8})*$/.test(tag)
    ? asked({ "accept-language": tag })
    : undefined;
  return named?.locale === tag ? named : asked({});
}

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
  // The script holds no per-user data and its URL names its language, so shared caches may keep it for an hour.
  "webauthn-script": {
    methods: {
      GET: {
        csrf: "none",
        async run(ctx) {
          return {
            status: 200,
            headers: {
              "Content-Type": "text/javascript; charset=utf-8",
              "Cache-Control": "public, max-age=3600",
            },
            body: passkeyScript(scriptLanguage(ctx)),
          };
        },
      },
    },
    provider: "none",
    answers: "json",
  },
};
