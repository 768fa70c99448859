import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Slack returns. */
export interface SlackProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  "https://slack.com/team_id"?: string;
}

/**
 * Slack (Sign in with Slack, OpenID Connect).
 * Client id and secret default to AUTH_SLACK_ID and AUTH_SLACK_SECRET.
 *
 * @example
 * ```ts
 * import Slack from "latchkey/providers/slack";
 *
 * const provider = Slack({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Slack(options: OIDCUserConfig<SlackProfile> = {}): OIDCConfig<SlackProfile> {
  return catalogueProvider<OIDCConfig<SlackProfile>, SlackProfile>(
    {
      id: "slack",
      name: "Slack",
      type: "oidc",
      issuer: "https://slack.com",
      authorization: { params: { scope: "openid profile email" } },
      style: { brandColor: "#4a154b" },
    },
    options,
  );
}
