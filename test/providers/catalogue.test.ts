/**
 * The provider catalogue: each built-in provider turns a realistic profile (shaped like its real
 * API's answer) into the user latchkey stores, resolves with its client credentials taken from
 * AUTH_<ID>_ID / _SECRET (/ _ISSUER), and keeps the app's overrides over its defaults.
 */
import { describe, expect, it } from "vitest";
import { defaultProfile, vouchesForAddress } from "../../src/flows/oauth/account.js";
import { resolveConfig } from "../../src/pipeline/resolve-config.js";
import Apple from "../../src/providers/apple.js";
import Auth0 from "../../src/providers/auth0.js";
import Authentik from "../../src/providers/authentik.js";
import Bitbucket from "../../src/providers/bitbucket.js";
import Cognito from "../../src/providers/cognito.js";
import Discord from "../../src/providers/discord.js";
import Dropbox from "../../src/providers/dropbox.js";
import Facebook from "../../src/providers/facebook.js";
import GitHub from "../../src/providers/github.js";
import GitLab from "../../src/providers/gitlab.js";
import Google from "../../src/providers/google.js";
import Keycloak from "../../src/providers/keycloak.js";
import LinkedIn from "../../src/providers/linkedin.js";
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js";
import Notion from "../../src/providers/notion.js";
import OAuth from "../../src/providers/oauth.js";
import OIDC from "../../src/providers/oidc.js";
import Okta from "../../src/providers/okta.js";
import Reddit from "../../src/providers/reddit.js";
import Salesforce from "../../src/providers/salesforce.js";
import Slack from "../../src/providers/slack.js";
import Spotify from "../../src/providers/spotify.js";
import Twitch from "../../src/providers/twitch.js";
import Twitter from "../../src/providers/twitter.js";
import type { OAuthConfig, Profile, User } from "../../src/providers/types.js";
import WorkOS from "../../src/providers/workos.js";
import Zitadel from "../../src/providers/zitadel.js";

const oidcClaims = (extra: Record<string, unknown> = {}) => ({
  iss: "https://issuer.example",
  sub: "248289761001",
  aud: "client-id",
  name: "Jane Doe",
  email: "jane@example.com",
  email_verified: true,
  picture: "https://example.com/jane.jpg",
  ...extra,
});
const jane: User = {
  id: "248289761001",
  name: "Jane Doe",
  email: "jane@example.com",
  image: "https://example.com/jane.jpg",
};

const CATALOGUE: Array<{ factory: () => OAuthConfig; profile: Profile; user: User; issuer?: boolean }> = [
  {
    factory: GitHub as () => OAuthConfig,
    profile: {
      login: "octocat",
      id: 583231,
      name: "The Octocat",
      email: "octocat@github.com",
      avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
    },
    user: {
      id: "583231",
      name: "The Octocat",
      email: "octocat@github.com",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    },
  },
  {
    factory: Google as () => OAuthConfig,
    profile: oidcClaims({ iss: "https://accounts.google.com" }),
    user: jane,
  },
  {
    factory: MicrosoftEntraID as () => OAuthConfig,
    profile: {
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      tid: "72f988bf-86f1-41af-91ab-2d7cd011db47",
      name: "Megan Bowen",
      preferred_username: "megan@contoso.com",
    },
    user: {
      id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Megan Bowen",
      email: "megan@contoso.com",
      image: null,
    },
  },
  {
    factory: Apple as () => OAuthConfig,
    profile: {
      sub: "001234.abcd.1234",
      email: "x7gd@privaterelay.appleid.com",
      email_verified: true,
      user: { name: { firstName: "Jane", lastName: "Appleseed" } },
    },
    user: {
      id: "001234.abcd.1234",
      name: "Jane Appleseed",
      email: "x7gd@privaterelay.appleid.com",
      image: null,
    },
  },
  {
    factory: GitLab as () => OAuthConfig,
    profile: {
      id: 1,
      username: "john_smith",
      name: "John Smith",
      email: "john@example.com",
      avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1/avatar.png",
    },
    user: {
      id: "1",
      name: "John Smith",
      email: "john@example.com",
      image: "https://gitlab.com/uploads/-/system/user/avatar/1/avatar.png",
    },
  },
  {
    factory: Discord as () => OAuthConfig,
    profile: {
      id: "80351110224678912",
      username: "nelly",
      global_name: "Nelly",
      avatar: "8342729096ea3675442027381ff50dfe",
      email: "nelly@discord.com",
      verified: true,
    },
    user: {
      id: "80351110224678912",
      name: "Nelly",
      email: "nelly@discord.com",
      image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    },
  },
  { factory: Auth0 as () => OAuthConfig, profile: oidcClaims(), user: jane, issuer: true },
  { factory: Okta as () => OAuthConfig, profile: oidcClaims(), user: jane, issuer: true },
  {
    factory: Keycloak as () => OAuthConfig,
    profile: oidcClaims({ name: undefined, preferred_username: "jane" }),
    user: { ...jane, name: "jane" },
    issuer: true,
  },
  { factory: Cognito as () => OAuthConfig, profile: oidcClaims(), user: jane, issuer: true },
  {
    factory: Facebook as () => OAuthConfig,
    profile: {
      id: "10224",
      name: "Mark Z",
      email: "mark@fb.example",
      picture: { data: { url: "https://platform-lookaside.fbsbx.com/p.jpg", height: 50 } },
    },
    user: {
      id: "10224",
      name: "Mark Z",
      email: "mark@fb.example",
      image: "https://platform-lookaside.fbsbx.com/p.jpg",
    },
  },
  {
    factory: Twitter as () => OAuthConfig,
    profile: {
      data: {
        id: "2244994945",
        name: "X Dev",
        username: "XDevelopers",
        profile_image_url: "https://pbs.twimg.com/p.jpg",
      },
    },
    user: { id: "2244994945", name: "X Dev", email: null, image: "https://pbs.twimg.com/p.jpg" },
  },
  { factory: LinkedIn as () => OAuthConfig, profile: oidcClaims(), user: jane },
  {
    factory: Slack as () => OAuthConfig,
    profile: oidcClaims({ "https://slack.com/team_id": "T0R7GR" }),
    user: jane,
  },
  {
    factory: Twitch as () => OAuthConfig,
    profile: oidcClaims({ name: undefined, preferred_username: "janedoe" }),
    user: { ...jane, name: "janedoe" },
  },
  {
    factory: Spotify as () => OAuthConfig,
    profile: {
      id: "wizzler",
      display_name: "JM Wizzler",
      email: "email@example.com",
      images: [{ url: "https://i.scdn.co/image/ab.jpg", height: 300 }],
    },
    user: {
      id: "wizzler",
      name: "JM Wizzler",
      email: "email@example.com",
      image: "https://i.scdn.co/image/ab.jpg",
    },
  },
  { factory: Zitadel as () => OAuthConfig, profile: oidcClaims(), user: jane, issuer: true },
  {
    factory: Authentik as () => OAuthConfig,
    profile: oidcClaims(),
    user: jane,
    issuer: true,
  },
  {
    factory: Bitbucket as () => OAuthConfig,
    profile: {
      uuid: "{a288a0ab-e13b-43f0-a689-c4ef0a249875}",
      display_name: "Tutorials Account",
      username: "tutorials",
      links: { avatar: { href: "https://bitbucket.org/account/tutorials/avatar/" } },
    },
    user: {
      id: "{a288a0ab-e13b-43f0-a689-c4ef0a249875}",
      name: "Tutorials Account",
      email: null,
      image: "https://bitbucket.org/account/tutorials/avatar/",
    },
  },
  {
    factory: Dropbox as () => OAuthConfig,
    profile: {
      account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      name: "Franz Ferdinand",
      email: "franz@dropbox.com",
      email_verified: true,
      profile_photo_url:
        "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA",
    },
    user: {
      id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      name: "Franz Ferdinand",
      email: "franz@dropbox.com",
      image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA",
    },
  },
  {
    factory: Notion as () => OAuthConfig,
    profile: {
      object: "user",
      id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
      name: "Avocado Lovelace",
      avatar_url: "https://secure.notion-static.com/e6a352a8.jpg",
      type: "person",
      person: { email: "avo@example.org" },
    },
    user: {
      id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
      name: "Avocado Lovelace",
      email: "avo@example.org",
      image: "https://secure.notion-static.com/e6a352a8.jpg",
    },
  },
  {
    factory: Reddit as () => OAuthConfig,
    profile: {
      id: "1w72",
      name: "spez",
      icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&s=abc",
    },
    user: {
      id: "1w72",
      name: "spez",
      email: null,
      image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png",
    },
  },
  {
    factory: Salesforce as () => OAuthConfig,
    profile: oidcClaims({ sub: "https://login.salesforce.com/id/00Dx/005x", user_id: "005x000000AbCdE" }),
    user: { ...jane, id: "005x000000AbCdE" },
  },
  {
    factory: WorkOS as () => OAuthConfig,
    profile: {
      id: "prof_01DMC79VCBZ0NY2099737PSVF1",
      email: "todd@example.com",
      first_name: "Todd",
      last_name: "Rundgren",
      organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY",
    },
    user: {
      id: "prof_01DMC79VCBZ0NY2099737PSVF1",
      name: "Todd Rundgren",
      email: "todd@example.com",
      image: null,
    },
  },
];

describe("the provider catalogue", () => {
  for (const { factory, profile, user, issuer } of CATALOGUE) {
    const provider = factory();
    it(`${provider.name} (${provider.id}) maps a realistic profile to the user`, async () => {
      expect(
        await (provider.profile ?? defaultProfile)(profile as never, {
          access_token: "at",
          token_type: "bearer",
        }),
      ).toEqual(user);
    });

    it(`${provider.name} takes its client credentials${issuer ? " and issuer" : ""} from AUTH_${provider.id.toUpperCase().replace(/-/g, "_")}_*`, () => {
      const prefix = `AUTH_${provider.id.toUpperCase().replace(/-/g, "_")}`;
      const env = {
        [`${prefix}_ID`]: "env-id",
        [`${prefix}_SECRET`]: "env-secret",
        [`${prefix}_ISSUER`]: "https://tenant.example",
      };
      const [resolved] = resolveConfig({ providers: [factory], secret: "s".repeat(32) }, env)
        .providers as OAuthConfig[];
      expect(resolved).toMatchObject({
        id: provider.id,
        type: provider.type,
        clientId: "env-id",
        clientSecret: "env-secret",
      });
      if (issuer) expect(resolved?.issuer).toBe("https://tenant.example");
    });
  }

  it("keeps the app's options over the defaults, merging authorization params into the default URL", () => {
    const provider = GitHub({
      clientId: "id",
      authorization: { params: { scope: "read:user" } },
      name: "GitHub (work)",
    });
    expect(provider.authorization).toEqual({
      url: "https://github.com/login/oauth/authorize",
      params: { scope: "read:user" },
    });
    expect(provider).toMatchObject({ id: "github", name: "GitHub (work)", type: "oauth", clientId: "id" });
  });

  it("offers the generic oidc and oauth types with the default profile", async () => {
    const oidc = OIDC({ id: "corp", name: "Corp", issuer: "https://sso.example" });
    const oauth = OAuth({
      id: "acme",
      name: "Acme",
      authorization: "https://acme.example/a",
      token: "https://acme.example/t",
    });
    expect(oidc.type).toBe("oidc");
    expect(oauth.type).toBe("oauth");
  });
});

describe("who vouches for an address (trustEmailVerified)", () => {
  const vouches = (provider: OAuthConfig, profile: Profile) =>
    vouchesForAddress(provider, profile, String(profile.email));
  // The catalogue providers whose documentation says they verify addresses: Google (for the
  // addresses it is authoritative for), Apple, and github.com.
  const TRUSTED = new Set(["google", "apple", "github"]);

  for (const { factory } of CATALOGUE) {
    const provider = factory();
    it(`${provider.name} ${TRUSTED.has(provider.id) ? "vouches" : "does not vouch"} for addresses by default`, () => {
      expect(provider.trustEmailVerified !== undefined && provider.trustEmailVerified !== false).toBe(
        TRUSTED.has(provider.id),
      );
    });
  }

  it("Google vouches for Gmail and Workspace addresses only (where Google is authoritative)", () => {
    const google = Google();
    expect(vouches(google, { email: "jane@gmail.com", email_verified: true })).toBe(true);
    expect(vouches(google, { email: "jane@corp.example", email_verified: true, hd: "corp.example" })).toBe(
      true,
    );
    expect(vouches(google, { email: "jane@elsewhere.example", email_verified: true })).toBe(false);
    expect(vouches(google, { email: "jane@gmail.com", email_verified: false })).toBe(false);
  });

  it("Apple vouches when it says so, as a boolean or as the string it sometimes sends", () => {
    const apple = Apple();
    expect(vouches(apple, { email: "j@privaterelay.appleid.com", email_verified: "true" })).toBe(true);
    expect(vouches(apple, { email: "j@icloud.com", email_verified: true })).toBe(true);
    expect(vouches(apple, { email: "j@icloud.com", email_verified: "false" })).toBe(false);
  });

  it("Microsoft Entra ID, whose email claim a tenant admin sets at will, never vouches unless the app says so", () => {
    expect(vouches(MicrosoftEntraID(), { email: "ceo@victim.example", email_verified: true })).toBe(false);
    const trusted = MicrosoftEntraID({ trustEmailVerified: true });
    expect(vouches(trusted, { email: "ceo@victim.example", email_verified: true })).toBe(true);
  });

  it("the generic oidc and oauth types never vouch unless the app says so", () => {
    const claims = { email: "jane@example.test", email_verified: true };
    expect(vouches(OIDC({ id: "corp", name: "Corp", issuer: "https://id.example" }), claims)).toBe(false);
    expect(vouches(OAuth({ id: "corp", name: "Corp", issuer: "https://id.example" }), claims)).toBe(false);
  });
});
