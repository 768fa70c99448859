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
};
