import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig, Profile, TokenSet } from "./types.js";

/** The profile GitHub's user API returns (the fields latchkey reads). */
export interface GitHubProfile extends Record<string, unknown> {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string;
  /** Set by latchkey when `email` is the account's verified primary address from `/user/emails`. */
  email_verified?: boolean;
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export interface GitHubOptions extends OAuthUserConfig<GitHubProfile> {
  /** GitHub Enterprise Server: its base URL, e.g. `https://github.example.com`. */
  enterprise?: { baseUrl?: string };
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: "application/vnd.github+json",
      "user-agent": "latchkey",
    },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * GitHub (OAuth app or GitHub app). The user's public e-mail is often empty: then the verified
 * primary address from `/user/emails` is used (the `user:email` scope), and only such an address
 * counts as verified.
 * Client id and secret default to AUTH_GITHUB_ID and AUTH_GITHUB_SECRET.
 *
 * @example
 * ```ts
 * import GitHub from "latchkey/providers/github";
 *
 * const provider = GitHub({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function GitHub(options: GitHubOptions = {}): OAuth2Config<GitHubProfile> {
  const { enterprise, ...rest } = options;
  const web = enterprise?.baseUrl?.replace(/\/$/, "") ?? "https://github.com";
  const api = enterprise?.baseUrl ? `${web}/api/v3` : "https://api.github.com";
  return catalogueProvider<OAuth2Config<GitHubProfile>, GitHubProfile>(
    {
      id: "github",
      name: "GitHub",
      type: "oauth",
      issuer: `${web}/login/oauth`,
      authorization: { url: `${web}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
      token: `${web}/login/oauth/access_token`,
      userinfo: {
        url: `${api}/user`,
        async request({ tokens }: { tokens: TokenSet }): Promise<Profile> {
          const accessToken = tokens.access_token as string;
          const profile = (await getJson(`${api}/user`, accessToken)) as GitHubProfile;
          // The verified primary address, when the user allowed `user:email`; a public address that
          // is not it is not vouched for.
          const emails = (await getJson(`${api}/user/emails`, accessToken).catch(() => [])) as GitHubEmail[];
          const primary = Array.isArray(emails)
            ? emails.find((entry) => entry.primary && entry.verified)
            : undefined;
          if (primary) return { ...profile, email: primary.email, email_verified: true };
          return { ...profile, email_verified: false };
        },
      },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email,
        image: profile.avatar_url,
      }),
      // github.com marks an address verified only after its owner confirmed a mail to it, and the
      // userinfo step above keeps `email_verified` for the verified primary address alone. A GitHub
      // Enterprise Server's addresses are whatever its admins allow, so there the app decides.
      trustEmailVerified: enterprise?.baseUrl === undefined,
      style: { brandColor: "#24292f" },
    },
    rest,
  );
}
