/**
 * One sample row per module under src/providers/: for an OAuth/OIDC provider, the options it needs
 * to name its endpoints (a self-hosted server's issuer, a base URL), a profile shaped like the
 * provider's documented answer, and the user latchkey must make of it. Other provider types say
 * what they are. test/providers/catalogue.test.ts fails for a module without a row here.
 */
import type { Profile, User } from "../../src/providers/types.js";

export interface OAuthSample {
  kind: "oauth";
  /** Options beyond the client credentials that the factory needs to name its endpoints. */
  options?: Record<string, unknown>;
  /** Raw JSON as the provider sends it, which need not fit latchkey's `Profile` (42's `image` is an object). */
  profile: Record<string, unknown>;
  user: User;
  /** The provider's issuer comes from AUTH_<ID>_ISSUER when the app gives none. */
  issuerFromEnv?: boolean;
}

export interface OtherSample {
  kind: "generic" | "email" | "credentials" | "webauthn";
  /** Options the factory requires. */
  options?: Record<string, unknown>;
}

export type Sample = OAuthSample | OtherSample;

/** ID-token claims as an OpenID Provider issues them for `openid profile email`. */
export const oidcClaims = (extra: Record<string, unknown> = {}): Profile => ({
  iss: "https://issuer.example",
  sub: "248289761001",
  aud: "client-id",
  name: "Jane Doe",
  email: "jane@example.com",
  email_verified: true,
  picture: "https://example.com/jane.jpg",
  ...extra,
});

export const jane: User = {
  id: "248289761001",
  name: "Jane Doe",
  email: "jane@example.com",
  image: "https://example.com/jane.jpg",
};

const sendMail = { sendVerificationRequest: () => undefined };
const selfHosted = (issuer: string): Pick<OAuthSample, "options" | "issuerFromEnv"> => ({
  options: { issuer },
  issuerFromEnv: true,
});

export const SAMPLES: Record<string, Sample> = {
  oauth: { kind: "generic" },
  oidc: { kind: "generic" },
  credentials: { kind: "credentials", options: { authorize: () => null } },
  email: { kind: "email", options: sendMail },
  nodemailer: { kind: "email", options: { server: "smtp://127.0.0.1:1025", from: "a@example.com" } },
  passkey: { kind: "webauthn" },
  webauthn: { kind: "webauthn" },

  github: {
    kind: "oauth",
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
  google: { kind: "oauth", profile: oidcClaims({ iss: "https://accounts.google.com" }), user: jane },
  "microsoft-entra-id": {
    kind: "oauth",
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
  apple: {
    kind: "oauth",
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
  gitlab: {
    kind: "oauth",
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
  discord: {
    kind: "oauth",
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
  auth0: { kind: "oauth", profile: oidcClaims(), user: jane, ...selfHosted("https://tenant.auth0.com/") },
  okta: {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://org.okta.com/oauth2/default"),
  },
  keycloak: {
    kind: "oauth",
    profile: oidcClaims({ name: undefined, preferred_username: "jane" }),
    user: { ...jane, name: "jane" },
    ...selfHosted("https://sso.example.com/realms/main"),
  },
  cognito: {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc"),
  },
  facebook: {
    kind: "oauth",
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
  twitter: {
    kind: "oauth",
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
  linkedin: { kind: "oauth", profile: oidcClaims(), user: jane },
  slack: { kind: "oauth", profile: oidcClaims({ "https://slack.com/team_id": "T0R7GR" }), user: jane },
  twitch: {
    kind: "oauth",
    profile: oidcClaims({ name: undefined, preferred_username: "janedoe" }),
    user: { ...jane, name: "janedoe" },
  },
  spotify: {
    kind: "oauth",
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
  zitadel: {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://example.zitadel.cloud"),
  },
  authentik: {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://authentik.example.com/application/o/app/"),
  },
  bitbucket: {
    kind: "oauth",
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
  dropbox: {
    kind: "oauth",
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
  notion: {
    kind: "oauth",
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
  reddit: {
    kind: "oauth",
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
  salesforce: {
    kind: "oauth",
    profile: oidcClaims({ sub: "https://login.salesforce.com/id/00Dx/005x", user_id: "005x000000AbCdE" }),
    user: { ...jane, id: "005x000000AbCdE" },
  },
  workos: {
    kind: "oauth",
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

  "azure-ad": {
    kind: "oauth",
    profile: {
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Megan Bowen",
      email: "megan@contoso.com",
    },
    user: {
      id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Megan Bowen",
      email: "megan@contoso.com",
      image: null,
    },
  },
  "azure-ad-b2c": {
    kind: "oauth",
    profile: {
      sub: "c5b3d8f2-6c1e-4a8e-9f6b-2b7e5c0d1a23",
      given_name: "Jane",
      family_name: "Doe",
      emails: ["jane@example.com"],
      tfp: "B2C_1_signin",
    },
    user: {
      id: "c5b3d8f2-6c1e-4a8e-9f6b-2b7e5c0d1a23",
      name: "Jane Doe",
      email: "jane@example.com",
      image: null,
    },
    ...selfHosted("https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/"),
  },
  "boxyhq-saml": {
    kind: "oauth",
    profile: {
      id: "a3f2c1",
      email: "jane@example.com",
      firstName: "Jane",
      lastName: "Doe",
      requested: { tenant: "example.com" },
    },
    user: { id: "a3f2c1", name: "Jane Doe", email: "jane@example.com", image: null },
    options: { issuer: "https://jackson.example.com" },
  },
  "identity-server4": {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://id.example.com"),
  },
  "duende-identity-server6": {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://demo.duendesoftware.com"),
  },
  "bankid-no": {
    kind: "oauth",
    profile: {
      sub: "9578-6000-4-365161",
      name: "Kari Nordmann",
      birthdate: "1980-01-01",
      nnin_altsub: "abc",
    },
    user: { id: "9578-6000-4-365161", name: "Kari Nordmann", email: null, image: null },
  },
  vipps: {
    kind: "oauth",
    profile: {
      sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
      name: "Ada Lovelace",
      given_name: "Ada",
      family_name: "Lovelace",
      email: "ada@example.com",
      email_verified: true,
      phone_number: "4712345678",
    },
    user: {
      id: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
      name: "Ada Lovelace",
      email: "ada@example.com",
      image: null,
    },
  },
  wechat: {
    kind: "oauth",
    profile: {
      openid: "OPENID",
      nickname: "NICKNAME",
      sex: 1,
      headimgurl:
        "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/0",
      privilege: [],
      unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
    },
    user: {
      id: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
      name: "NICKNAME",
      email: null,
      image:
        "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/0",
    },
  },
  kakao: {
    kind: "oauth",
    profile: {
      id: 123456789,
      connected_at: "2022-04-11T01:45:28Z",
      kakao_account: {
        profile: {
          nickname: "홍길동",
          profile_image_url: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
        },
        email: "sample@sample.com",
        is_email_valid: true,
        is_email_verified: true,
      },
    },
    user: {
      id: "123456789",
      name: "홍길동",
      email: "sample@sample.com",
      image: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
    },
  },
  naver: {
    kind: "oauth",
    profile: {
      resultcode: "00",
      message: "success",
      response: {
        id: "32742776",
        nickname: "OpenAPI",
        email: "openapi@naver.com",
        profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
      },
    },
    user: {
      id: "32742776",
      name: "OpenAPI",
      email: "openapi@naver.com",
      image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
    },
  },
  line: {
    kind: "oauth",
    profile: {
      iss: "https://access.line.me",
      sub: "U1234567890abcdef1234567890abcdef",
      name: "Taro Line",
      picture: "https://profile.line-scdn.net/0h",
      email: "taro.line@example.com",
    },
    user: {
      id: "U1234567890abcdef1234567890abcdef",
      name: "Taro Line",
      email: "taro.line@example.com",
      image: "https://profile.line-scdn.net/0h",
    },
  },
  vk: {
    kind: "oauth",
    profile: {
      response: [
        {
          id: 210700286,
          first_name: "Lindsey",
          last_name: "Stirling",
          photo_100: "https://sun1-14.userapi.com/c.jpg",
        },
      ],
      email: "lindsey@example.com",
    },
    user: {
      id: "210700286",
      name: "Lindsey Stirling",
      email: "lindsey@example.com",
      image: "https://sun1-14.userapi.com/c.jpg",
    },
  },
  yandex: {
    kind: "oauth",
    profile: {
      id: "1000034426",
      login: "ivan",
      client_id: "4760187d81bc4b7799476b42b5103713",
      display_name: "Ivan",
      real_name: "Ivan Ivanov",
      default_email: "test@yandex.ru",
      default_avatar_id: "131652443",
      is_avatar_empty: false,
    },
    user: {
      id: "1000034426",
      name: "Ivan",
      email: "test@yandex.ru",
      image: "https://avatars.yandex.net/get-yapic/131652443/islands-200",
    },
  },
  mastodon: {
    kind: "oauth",
    profile: {
      id: "14715",
      username: "trwnh",
      acct: "trwnh",
      display_name: "infinite love ⴳ",
      avatar: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
    },
    user: {
      id: "14715",
      name: "infinite love ⴳ",
      email: null,
      image: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
    },
    options: { issuer: "https://mastodon.social" },
  },
  wikimedia: {
    kind: "oauth",
    profile: {
      sub: "12345678",
      username: "Jane Doe (WMF)",
      editcount: 42,
      confirmed_email: true,
      blocked: false,
      registered: "20200101000000",
      groups: ["*", "user"],
      rights: ["read"],
      realname: "Jane Doe",
      email: "jane@example.com",
    },
    user: { id: "12345678", name: "Jane Doe (WMF)", email: "jane@example.com", image: null },
  },
  zoom: {
    kind: "oauth",
    profile: {
      id: "KDcuGIm1QgePTO8WbOqwIQ",
      first_name: "Jill",
      last_name: "Chill",
      display_name: "Jill Chill",
      email: "jchill@example.com",
      pic_url: "https://example.com/photo.jpg",
    },
    user: {
      id: "KDcuGIm1QgePTO8WbOqwIQ",
      name: "Jill Chill",
      email: "jchill@example.com",
      image: "https://example.com/photo.jpg",
    },
  },
  "42-school": {
    kind: "oauth",
    profile: {
      id: 2,
      email: "andre@42.fr",
      login: "andre",
      first_name: "André",
      last_name: "Aubin",
      usual_full_name: "André Aubin",
      displayname: "André Aubin",
      image: {
        link: "https://cdn.intra.42.fr/users/andre.jpg",
        versions: { small: "https://cdn.intra.42.fr/users/small_andre.jpg" },
      },
    },
    user: {
      id: "2",
      name: "André Aubin",
      email: "andre@42.fr",
      image: "https://cdn.intra.42.fr/users/andre.jpg",
    },
  },
  asgardeo: {
    kind: "oauth",
    profile: oidcClaims({ name: undefined, given_name: "Jane", family_name: "Doe" }),
    user: jane,
    ...selfHosted("https://api.asgardeo.io/t/example/oauth2/token"),
  },
  atlassian: {
    kind: "oauth",
    profile: {
      account_type: "atlassian",
      account_id: "112233aa-bb11-cc22-33dd-445566abcabc",
      email: "mia@example.com",
      name: "Mia Krystof",
      picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233aa.png",
      nickname: "mkrystof",
    },
    user: {
      id: "112233aa-bb11-cc22-33dd-445566abcabc",
      name: "Mia Krystof",
      email: "mia@example.com",
      image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233aa.png",
    },
  },
  "azure-devops": {
    kind: "oauth",
    profile: {
      id: "c5d1a5b4-2b7f-4e9f-9c42-1d5c3f7b1a11",
      displayName: "Jane Doe",
      emailAddress: "jane@example.com",
      coreAttributes: { Avatar: { value: { value: "iVBORw0KGgo=" } } },
    },
    user: {
      id: "c5d1a5b4-2b7f-4e9f-9c42-1d5c3f7b1a11",
      name: "Jane Doe",
      email: "jane@example.com",
      image: "data:image/jpeg;base64,iVBORw0KGgo=",
    },
  },
  battlenet: {
    kind: "oauth",
    profile: { iss: "https://oauth.battle.net", sub: "123456789", battle_tag: "Jane#1234" },
    user: { id: "123456789", name: "Jane#1234", email: null, image: null },
    options: { issuer: "https://eu.battle.net/oauth" },
  },
  beyondidentity: {
    kind: "oauth",
    profile: oidcClaims({ name: undefined, preferred_username: "jane", picture: undefined }),
    user: { ...jane, name: "jane", image: null },
    ...selfHosted("https://auth-us.beyondidentity.com/v1/tenants/t/realms/r/applications/a"),
  },
  box: {
    kind: "oauth",
    profile: {
      type: "user",
      id: "11446498",
      name: "Aaron Levie",
      login: "ceo@example.com",
      avatar_url: "https://www.box.com/api/avatar/large/181216415",
    },
    user: {
      id: "11446498",
      name: "Aaron Levie",
      email: "ceo@example.com",
      image: "https://www.box.com/api/avatar/large/181216415",
    },
  },
  bungie: {
    kind: "oauth",
    profile: {
      Response: {
        destinyMemberships: [],
        bungieNetUser: {
          membershipId: "4611686018",
          uniqueName: "Guardian#0042",
          displayName: "Guardian",
          profilePicturePath: "/img/profile/avatars/default_avatar.gif",
        },
      },
      ErrorCode: 1,
    },
    user: {
      id: "4611686018",
      name: "Guardian#0042",
      email: null,
      image: "https://www.bungie.net/img/profile/avatars/default_avatar.gif",
    },
  },
  "click-up": {
    kind: "oauth",
    profile: {
      user: {
        id: 123,
        username: "John Doe",
        email: "john@example.com",
        color: "#000000",
        profilePicture: "https://attachments.clickup.com/profilePictures/123_abc.jpg",
      },
    },
    user: {
      id: "123",
      name: "John Doe",
      email: "john@example.com",
      image: "https://attachments.clickup.com/profilePictures/123_abc.jpg",
    },
  },
  coinbase: {
    kind: "oauth",
    profile: {
      data: {
        id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
        name: "User One",
        username: "user1",
        email: "user1@example.com",
        avatar_url:
          "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY2Qh%2BQ6nomR3qusA%2Bh6o2%0Af9rH&s=128",
      },
    },
    user: {
      id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
      name: "User One",
      email: "user1@example.com",
      image:
        "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY2Qh%2BQ6nomR3qusA%2Bh6o2%0Af9rH&s=128",
    },
  },
  concept2: {
    kind: "oauth",
    profile: {
      data: {
        id: 1,
        username: "David Hart",
        first_name: "David",
        last_name: "Hart",
        email: "john@example.com",
        profile_image: "https://log.concept2.com/images/user/1.jpg",
      },
    },
    user: {
      id: "1",
      name: "David Hart",
      email: "john@example.com",
      image: "https://log.concept2.com/images/user/1.jpg",
    },
  },
  descope: { kind: "oauth", profile: oidcClaims(), user: jane, issuerFromEnv: true },
  dribbble: {
    kind: "oauth",
    profile: {
      id: 1,
      name: "Dan Cederholm",
      login: "simplebits",
      avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg",
    },
    user: {
      id: "1",
      name: "Dan Cederholm",
      email: null,
      image: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg",
    },
  },
  eventbrite: {
    kind: "oauth",
    profile: {
      id: "1234567890",
      name: "Jane Doe",
      first_name: "Jane",
      last_name: "Doe",
      emails: [
        { email: "old@example.com", verified: true, primary: false },
        { email: "jane@example.com", verified: true, primary: true },
      ],
      image_id: null,
    },
    user: { id: "1234567890", name: "Jane Doe", email: "jane@example.com", image: null },
  },
  eveonline: {
    kind: "oauth",
    profile: {
      CharacterID: 95465499,
      CharacterName: "CCP Bartender",
      ExpiresOn: "2017-07-05T14:34:16.5857101",
      Scopes: "publicData",
      TokenType: "Character",
      CharacterOwnerHash: "lots_of_letters_and_numbers",
      IntellectualProperty: "EVE",
    },
    user: {
      id: "95465499",
      name: "CCP Bartender",
      email: null,
      image: "https://images.evetech.net/characters/95465499/portrait?size=128",
    },
  },
  faceit: {
    kind: "oauth",
    profile: {
      guid: "0b7aa4b1-1f7c-4e1e-8d4f-6b2d5f6f1c11",
      nickname: "s1mple",
      email: "player@example.com",
      picture: "https://assets.faceit-cdn.net/avatars/0b7a.jpg",
    },
    user: {
      id: "0b7aa4b1-1f7c-4e1e-8d4f-6b2d5f6f1c11",
      name: "s1mple",
      email: "player@example.com",
      image: "https://assets.faceit-cdn.net/avatars/0b7a.jpg",
    },
  },
  figma: {
    kind: "oauth",
    profile: {
      id: "1234567890123456789",
      handle: "Jane Doe",
      email: "jane@example.com",
      img_url: "https://s3-alpha.figma.com/profile/jane",
    },
    user: {
      id: "1234567890123456789",
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://s3-alpha.figma.com/profile/jane",
    },
  },
  foursquare: {
    kind: "oauth",
    profile: {
      meta: { code: 200 },
      response: {
        user: {
          id: "1234567",
          firstName: "Jane",
          lastName: "Doe",
          contact: { email: "jane@example.com" },
          photo: { prefix: "https://fastly.4sqi.net/img/user/", suffix: "/abc.jpg" },
        },
      },
    },
    user: {
      id: "1234567",
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://fastly.4sqi.net/img/user/original/abc.jpg",
    },
  },
  freshbooks: {
    kind: "oauth",
    profile: { response: { id: 2192788, first_name: "Jane", last_name: "Doe", email: "jane@example.com" } },
    user: { id: "2192788", name: "Jane Doe", email: "jane@example.com", image: null },
  },
  frontegg: {
    kind: "oauth",
    profile: oidcClaims({ picture: undefined, profilePictureUrl: "https://example.com/jane.jpg" }),
    user: jane,
    ...selfHosted("https://app-example.frontegg.com"),
  },
  fusionauth: {
    kind: "oauth",
    profile: {
      sub: "2a106a6a-4a5e-4b8b-9a1e-1e0ad0c0e1a2",
      email: "richard@example.com",
      email_verified: true,
      given_name: "Richard",
      family_name: "Hendricks",
      preferred_username: "richard",
      picture: "https://www.gravatar.com/avatar/abc",
    },
    user: {
      id: "2a106a6a-4a5e-4b8b-9a1e-1e0ad0c0e1a2",
      name: "Richard Hendricks",
      email: "richard@example.com",
      image: "https://www.gravatar.com/avatar/abc",
    },
    options: { issuer: "https://auth.example.com", tenantId: "tenant-1" },
  },
  hubspot: {
    kind: "oauth",
    profile: {
      token: "CJSP5qf1KhICAQEYs-gDIIGOBii1hQIyGQAf3xBKmlwHjX7OIpuIFEavB2-qYAGQsF4",
      user: "test@hubspot.com",
      hub_domain: "demo.hubapi.com",
      scopes: ["oauth"],
      hub_id: 62515,
      app_id: 456,
      expires_in: 21588,
      user_id: 123,
      token_type: "access",
    },
    user: { id: "123", name: "test@hubspot.com", email: "test@hubspot.com", image: null },
  },
  huggingface: {
    kind: "oauth",
    profile: oidcClaims({ iss: "https://huggingface.co", preferred_username: "janedoe" }),
    user: jane,
  },
  instagram: {
    kind: "oauth",
    profile: {
      id: "17841405309211844",
      username: "jane.doe",
      name: "",
      profile_picture_url: "https://scontent.cdninstagram.com/p.jpg",
    },
    user: {
      id: "17841405309211844",
      name: "jane.doe",
      email: null,
      image: "https://scontent.cdninstagram.com/p.jpg",
    },
  },
  kinde: {
    kind: "oauth",
    profile: oidcClaims({ name: undefined, given_name: "Jane", family_name: "Doe" }),
    user: jane,
    ...selfHosted("https://example.kinde.com"),
  },
  logto: {
    kind: "oauth",
    profile: oidcClaims({ name: null, username: "Jane Doe" }),
    user: jane,
    ...selfHosted("https://example.logto.app/oidc"),
  },
  mailchimp: {
    kind: "oauth",
    profile: {
      dc: "us1",
      role: "owner",
      accountname: "Example Co",
      user_id: 1234,
      login: {
        email: "jane@example.com",
        avatar: null,
        login_id: 5678,
        login_name: "janedoe",
        login_email: "jane@example.com",
      },
      api_endpoint: "https://us1.api.mailchimp.com",
    },
    user: { id: "5678", name: "janedoe", email: "jane@example.com", image: null },
  },
  mailru: {
    kind: "oauth",
    profile: {
      id: "1234567890",
      client_id: "abc",
      gender: "m",
      name: "Ivan Ivanov",
      email: "ivan@mail.ru",
      first_name: "Ivan",
      last_name: "Ivanov",
      image: "https://filin.mail.ru/pic?d=abc",
    },
    user: {
      id: "1234567890",
      name: "Ivan Ivanov",
      email: "ivan@mail.ru",
      image: "https://filin.mail.ru/pic?d=abc",
    },
  },
  mattermost: {
    kind: "oauth",
    profile: {
      id: "jjb9c9eq9bfqtdbcdwsbs4bkbw",
      username: "jane",
      email: "jane@example.com",
      first_name: "Jane",
      last_name: "Doe",
      nickname: "",
    },
    user: { id: "jjb9c9eq9bfqtdbcdwsbs4bkbw", name: "Jane Doe", email: "jane@example.com", image: null },
    options: { issuer: "https://chat.example.com" },
  },
  medium: {
    kind: "oauth",
    profile: {
      data: {
        id: "5303d74c64f66366f00cb9b2a94f3251bf5",
        username: "majelbstoat",
        name: "Jamie Talbot",
        url: "https://medium.com/@majelbstoat",
        imageUrl: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
      },
    },
    user: {
      id: "5303d74c64f66366f00cb9b2a94f3251bf5",
      name: "Jamie Talbot",
      email: null,
      image: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
    },
  },
  netlify: {
    kind: "oauth",
    profile: {
      id: "5c4dd2f2a2c1a4d3b8e1f000",
      full_name: "Jane Doe",
      email: "jane@example.com",
      avatar_url: "https://avatars.netlify.com/jane.png",
    },
    user: {
      id: "5c4dd2f2a2c1a4d3b8e1f000",
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://avatars.netlify.com/jane.png",
    },
  },
  netsuite: {
    kind: "oauth",
    profile: {
      id: 1234,
      name: "Jane Doe",
      email: "jane@example.com",
      location: 1,
      role: 3,
      roleId: "administrator",
      subsidiary: 1,
    },
    user: { id: "1234", name: "Jane Doe", email: "jane@example.com", image: null },
    options: {
      accountID: "1234567_SB1",
      userinfo:
        "https://1234567-sb1.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=42&deploy=1",
    },
  },
  nextcloud: {
    kind: "oauth",
    profile: {
      ocs: {
        meta: { status: "ok", statuscode: 200 },
        data: { id: "jane", displayname: "Jane Doe", email: "jane@example.com" },
      },
    },
    user: {
      id: "jane",
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://cloud.example.com/avatar/jane/64",
    },
    options: { issuer: "https://cloud.example.com" },
  },
  onelogin: {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://example.onelogin.com/oidc/2"),
  },
  "ory-hydra": {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://auth.example.com"),
  },
  osso: {
    kind: "oauth",
    profile: {
      id: "8d2b2d5b-ec3e-4c0e-9d9a-6a3b07a8b0a1",
      email: "jane@example.com",
      idp: "Okta",
      requested: { domain: "example.com" },
    },
    user: { id: "8d2b2d5b-ec3e-4c0e-9d9a-6a3b07a8b0a1", name: null, email: "jane@example.com", image: null },
    options: { issuer: "https://osso.example.com" },
  },
  osu: {
    kind: "oauth",
    profile: {
      id: 2,
      username: "peppy",
      avatar_url: "https://a.ppy.sh/2?1519081077.png",
      country_code: "AU",
    },
    user: { id: "2", name: "peppy", email: null, image: "https://a.ppy.sh/2?1519081077.png" },
  },
  passage: {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://auth.passage.id/v1/apps/app-id"),
  },
  patreon: {
    kind: "oauth",
    profile: {
      data: {
        id: "12345689",
        type: "user",
        attributes: {
          full_name: "Platform Team",
          email: "team@patreon.com",
          image_url: "https://c8.patreon.com/2/200/12345689",
        },
      },
    },
    user: {
      id: "12345689",
      name: "Platform Team",
      email: "team@patreon.com",
      image: "https://c8.patreon.com/2/200/12345689",
    },
  },
  "ping-id": {
    kind: "oauth",
    profile: oidcClaims(),
    user: jane,
    ...selfHosted("https://auth.pingone.com/environment-id/as"),
  },
  "united-effects": {
    kind: "oauth",
    profile: oidcClaims({ name: undefined, picture: undefined }),
    user: { ...jane, name: null, image: null },
    ...selfHosted("https://auth.unitedeffects.com/group-id"),
  },
  pinterest: {
    kind: "oauth",
    profile: {
      account_type: "PINNER",
      id: "549755885175",
      profile_image: "https://i.pinimg.com/280x280_RS/jane.jpg",
      website_url: "https://example.com",
      username: "janedoe",
      business_name: null,
    },
    user: {
      id: "549755885175",
      name: "janedoe",
      email: null,
      image: "https://i.pinimg.com/280x280_RS/jane.jpg",
    },
  },
  pipedrive: {
    kind: "oauth",
    profile: {
      success: true,
      data: {
        id: 123,
        name: "Jane Doe",
        email: "jane@example.com",
        icon_url: "https://pipedrive-profile-pics.s3.amazonaws.com/jane.png",
      },
    },
    user: {
      id: "123",
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://pipedrive-profile-pics.s3.amazonaws.com/jane.png",
    },
  },
  roblox: {
    kind: "oauth",
    profile: {
      sub: "1516563360",
      name: "exampleuser",
      nickname: "exampleuser",
      preferred_username: "exampleuser",
      created_at: 1584682495,
      profile: "https://www.roblox.com/users/1516563360/profile",
      picture: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot.png",
    },
    user: {
      id: "1516563360",
      name: "exampleuser",
      email: null,
      image: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot.png",
    },
  },
  simplelogin: {
    kind: "oauth",
    profile: oidcClaims({
      picture: undefined,
      avatar_url: "https://example.com/jane.jpg",
      client: "Example",
    }),
    user: jane,
  },
  strava: {
    kind: "oauth",
    profile: {
      id: 1234567890987654400,
      username: "marianne_t",
      firstname: "Marianne",
      lastname: "Teutenberg",
      profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1234567890987654321/large.jpg",
    },
    user: {
      id: "1234567890987654400",
      name: "Marianne Teutenberg",
      email: null,
      image: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1234567890987654321/large.jpg",
    },
  },
  threads: {
    kind: "oauth",
    profile: {
      id: "1234567",
      username: "threadsapitestuser",
      name: "Threads API Test User",
      threads_profile_picture_url:
        "https://scontent-sjc3-1.cdninstagram.com/link/to/profile/picture/on/threads/",
    },
    user: {
      id: "1234567",
      name: "Threads API Test User",
      email: null,
      image: "https://scontent-sjc3-1.cdninstagram.com/link/to/profile/picture/on/threads/",
    },
  },
  tiktok: {
    kind: "oauth",
    profile: {
      data: {
        user: {
          avatar_url:
            "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg",
          open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
          union_id: "c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1",
          display_name: "TikTok User",
        },
      },
      error: { code: "ok", message: "", log_id: "20220829194722CBE87ED59D524E727021" },
    },
    user: {
      id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
      name: "TikTok User",
      email: null,
      image:
        "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg",
    },
  },
  todoist: {
    kind: "oauth",
    profile: {
      sync_token: "TnYUZEpuzf2FMA9qzyY3j4xky6dXiYejmSO85S5paZ_a9y1FI85mBbIWZGpW",
      full_sync: true,
      user: {
        id: "2671355",
        full_name: "Jane Doe",
        email: "jane@example.com",
        avatar_big: "https://dcff1xvirvpfp.cloudfront.net/jane_big.jpg",
      },
    },
    user: {
      id: "2671355",
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://dcff1xvirvpfp.cloudfront.net/jane_big.jpg",
    },
  },
  trakt: {
    kind: "oauth",
    profile: {
      username: "sean",
      private: false,
      name: "Sean Rudford",
      vip: true,
      ids: { slug: "sean" },
      images: {
        avatar: { full: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/cf2a1b1a55.jpg" },
      },
    },
    user: {
      id: "sean",
      name: "Sean Rudford",
      email: null,
      image: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/cf2a1b1a55.jpg",
    },
  },
  webex: {
    kind: "oauth",
    profile: {
      id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
      emails: ["john.andersen@example.com"],
      displayName: "John Andersen",
      avatar:
        "https://1efa7a94ed21783e352-c62266528714497a17239ececf39e9e2.ssl.cf1.rackcdn.com/V1~54c844c89e678e5a7b16a306bc2897b9~wx29yGtlTpilEFlYzqPKag==~1600",
    },
    user: {
      id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
      name: "John Andersen",
      email: "john.andersen@example.com",
      image:
        "https://1efa7a94ed21783e352-c62266528714497a17239ececf39e9e2.ssl.cf1.rackcdn.com/V1~54c844c89e678e5a7b16a306bc2897b9~wx29yGtlTpilEFlYzqPKag==~1600",
    },
  },
  wordpress: {
    kind: "oauth",
    profile: {
      ID: 12345,
      display_name: "Jane Doe",
      username: "janedoe",
      email: "jane@example.com",
      avatar_URL: "https://0.gravatar.com/avatar/abc?s=96",
      email_verified: true,
    },
    user: {
      id: "12345",
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://0.gravatar.com/avatar/abc?s=96",
    },
  },
  zoho: {
    kind: "oauth",
    profile: {
      First_Name: "Jane",
      Email: "jane@example.com",
      Last_Name: "Doe",
      Display_Name: "janedoe",
      ZUID: 7346123,
    },
    user: { id: "7346123", name: "janedoe", email: "jane@example.com", image: null },
  },
  forwardemail: { kind: "email", options: { apiKey: "key", from: "no-reply@example.com" } },
  loops: { kind: "email", options: { apiKey: "key", transactionalId: "clxyz123" } },
  mailgun: { kind: "email", options: { apiKey: "key", from: "no-reply@mg.example.com" } },
  postmark: { kind: "email", options: { apiKey: "key", from: "no-reply@example.com" } },
  resend: { kind: "email", options: { apiKey: "key", from: "no-reply@example.com" } },
  sendgrid: { kind: "email", options: { apiKey: "key", from: "no-reply@example.com" } },
};
