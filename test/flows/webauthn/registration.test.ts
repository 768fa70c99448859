/**
 * Creating passkeys through `Auth()`: a new user with its account and authenticator, a second
 * passkey for the signed-in user, and the refusals that keep a passkey off someone else's account.
 */
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import type { AdapterAuthenticator } from "../../../src/adapters/types.js";
import type { SessionStrategy } from "../../../src/index.js";
import { send } from "../../core/helpers.js";
import {
  CHALLENGE_COOKIE,
  CookieJar,
  ceremonyOptions,
  errorOf,
  type PasskeyApp,
  passkeyApp,
  postCeremony,
  registerNewUser,
  registrationFor,
  sessionOf,
  signInWithPasskey,
  snapshot,
} from "./harness.js";
import { type Bend, b64url, FLAG_UP, FLAG_UV } from "./soft-authenticator.js";

const stored = (app: PasskeyApp): AdapterAuthenticator[] => [...app.tables.authenticators.values()];

describe.each<SessionStrategy>(["jwt", "database"])(
  "with %s sessions, registering a passkey while signed out",
  (strategy) => {
    it("creates the user, a webauthn account and the authenticator, and signs the user in", async () => {
      const events: string[] = [];
      const app = passkeyApp({
        config: {
          session: { strategy },
          events: {
            createUser: () => void events.push("createUser"),
            linkAccount: ({ account }) => void events.push(`linkAccount:${account.type}`),
            signIn: ({ isNewUser }) => void events.push(`signIn:${isNewUser}`),
          },
        },
      });
      const { jar, data, response } = await registerNewUser(app, "Ada@Example.test");
      expect(response.headers.get("location")).toBe("https://app.test/");
      expect(jar.get(CHALLENGE_COOKIE)).toBeUndefined();
      expect((await sessionOf(app, jar))?.user?.email).toBe("ada@example.test");

      const [user] = [...app.tables.users.values()];
      expect(user).toMatchObject({ email: "ada@example.test", emailVerified: null });
      const credential = app.authenticator.credentials[0];
      const credentialID = b64url(credential?.id as Uint8Array);
      expect(data.id).toBe(credentialID);
      expect([...app.tables.accounts.values()]).toEqual([
        { userId: user?.id, type: "webauthn", provider: "passkey", providerAccountId: credentialID },
      ]);
      expect(stored(app)).toEqual([
        {
          credentialID,
          credentialPublicKey: b64url(credential?.publicKey as Uint8Array),
          counter: 0,
          credentialDeviceType: "singleDevice",
          credentialBackedUp: false,
          transports: "internal",
          providerAccountId: credentialID,
          userId: user?.id,
        },
      ]);
      expect(events).toEqual(["createUser", "linkAccount:webauthn", "signIn:true"]);
    });

    it("then signs in with the passkey", async () => {
      const app = passkeyApp({ config: { session: { strategy } } });
      await registerNewUser(app);
      const { response, jar } = await signInWithPasskey(app);
      expect(errorOf(response)).toBeNull();
      expect((await sessionOf(app, jar))?.user?.email).toBe("ada@example.test");
      expect(stored(app)[0]?.counter).toBe(1);
    });
  },
);

it("only the registration that made the user is a new user: signing in, or adding a passkey, is not", async () => {
  const signIns: boolean[] = [];
  const app = passkeyApp({
    config: {
      pages: { newUser: "/welcome" },
      events: { signIn: ({ isNewUser }) => void signIns.push(Boolean(isNewUser)) },
    },
  });
  const { jar, response } = await registerNewUser(app);
  expect(new URL(response.headers.get("location") as string).pathname).toBe("/welcome");
  const second = await registrationFor(app, jar, "?action=register");
  const added = await postCeremony(app, jar, { action: "register", data: second });
  expect(errorOf(added)).toBeNull();
  expect(new URL(added.headers.get("location") as string).pathname).toBe("/");
  const signedIn = (await signInWithPasskey(app)).response;
  expect(errorOf(signedIn)).toBeNull();
  expect(new URL(signedIn.headers.get("location") as string).pathname).toBe("/");
  expect(signIns).toEqual([true, false, false]);
});

describe("a signed-in user", () => {
  it("adds a second passkey to their own account, and both sign in as them", async () => {
    const app = passkeyApp();
    const { jar, data: first } = await registerNewUser(app);
    const { action, options } = await ceremonyOptions(app, jar);
    expect(action).toBe("register");
    expect("excludeCredentials" in options && options.excludeCredentials).toEqual([
      { id: first.id, type: "public-key", transports: ["internal"] },
    ]);
    const second = app.authenticator.create(options as never);
    const response = await postCeremony(app, jar, { action: "register", data: second });
    expect(errorOf(response)).toBeNull();

    expect(app.tables.users.size).toBe(1);
    const [user] = [...app.tables.users.values()];
    expect(stored(app).map((authenticator) => authenticator.userId)).toEqual([user?.id, user?.id]);
    expect([...app.tables.accounts.values()].map((account) => account.providerAccountId)).toEqual([
      first.id,
      second.id,
    ]);
    for (const credential of app.authenticator.credentials) {
      const jarOf = new CookieJar();
      const assertion = app.authenticator.get(
        (await ceremonyOptions(app, jarOf, "?action=authenticate")).options as never,
        {},
        credential,
      );
      expect(errorOf(await postCeremony(app, jarOf, { action: "authenticate", data: assertion }))).toBeNull();
      expect((await sessionOf(app, jarOf))?.user?.email).toBe("ada@example.test");
    }
  });

  it("cannot have a passkey requested in their session stored for whoever is signed in later", async () => {
    const app = passkeyApp();
    const { jar: ada } = await registerNewUser(app, "ada@example.test");
    const { jar: bob } = await registerNewUser(app, "bob@example.test");
    const data = await registrationFor(app, ada, "?action=register");
    // Bob's browser posts the response with the challenge cookie issued to Ada's session.
    bob.cookies.set(CHALLENGE_COOKIE, ada.cookies.get(CHALLENGE_COOKIE) as string);
    const before = snapshot(app.tables);
    expect(errorOf(await postCeremony(app, bob, { action: "register", data }))).toBe("InvalidCheck");
    expect(snapshot(app.tables)).toBe(before);
    expect(app.refusals.join("\n")).toMatch(/no longer the one signed in/);
  });

  it("who signed out after asking cannot register the passkey as a new user", async () => {
    const app = passkeyApp();
    const { jar } = await registerNewUser(app);
    const data = await registrationFor(app, jar, "?action=register");
    jar.cookies.delete("__Secure-authjs.session-token");
    const before = snapshot(app.tables);
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBe("InvalidCheck");
    expect(snapshot(app.tables)).toBe(before);
  });
});

describe("nobody can plant a passkey on someone else's account", () => {
  it("options refuse a signed-out registration for an e-mail address that belongs to a user", async () => {
    const app = passkeyApp();
    await registerNewUser(app, "ada@example.test");
    const jar = new CookieJar();
    const before = snapshot(app.tables);
    const response = await send(
      app.config,
      "/webauthn-options/passkey?action=register&email=ADA%40example.test",
      {
        cookie: jar,
      },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("AccountNotLinked");
    expect(response.headers.getSetCookie().join()).not.toContain(CHALLENGE_COOKIE);
    expect(snapshot(app.tables)).toBe(before);
  });

  it("the callback refuses it too when the address was taken after the options were issued", async () => {
    const app = passkeyApp();
    const jar = new CookieJar();
    const data = await registrationFor(app, jar, "?action=register&email=ada%40example.test");
    await app.adapter.createUser?.({ id: "ada", email: "ada@example.test", emailVerified: null });
    const before = snapshot(app.tables);
    let signUps = 0;
    const createUserAndLinkAccount = app.adapter.createUserAndLinkAccount?.bind(app.adapter);
    app.adapter.createUserAndLinkAccount = (user, account) => {
      signUps++;
      return (createUserAndLinkAccount as NonNullable<typeof createUserAndLinkAccount>)(user, account);
    };
    const response = await postCeremony(app, jar, { action: "register", data });
    expect(response.headers.get("location")).toBe("https://app.test/auth/signin?error=AccountNotLinked");
    expect(app.refusals.at(-1)).toContain(
      "AccountNotLinked: A passkey cannot be created for ada@example.test while signed out: that address belongs to a stored user",
    );
    expect(snapshot(app.tables)).toBe(before);
    expect(signUps).toBe(0); // checked before any write, not left to the unique index
    expect(await sessionOf(app, jar)).toBeNull();
  });

  it("of two tabs registering one new address at once, exactly one creates the user", async () => {
    const app = passkeyApp();
    const tabs = [new CookieJar(), new CookieJar()];
    const responses = await Promise.all(
      tabs.map((jar) => registrationFor(app, jar, "?action=register&email=ada%40example.test")),
    );
    const results = await Promise.all(
      tabs.map((jar, index) => postCeremony(app, jar, { action: "register", data: responses[index] })),
    );
    expect(results.map(errorOf).sort()).toEqual(["AccountNotLinked", null].sort());
    expect(app.tables.users.size).toBe(1);
    expect(app.tables.accounts.size).toBe(1);
    expect(app.tables.authenticators.size).toBe(1);
  });
});

describe("registration writes nothing when", () => {
  it("the signIn callback refuses", async () => {
    const app = passkeyApp({ config: { callbacks: { signIn: () => false } } });
    const jar = new CookieJar();
    const data = await registrationFor(app, jar, "?email=ada%40example.test");
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBe("AccessDenied");
    expect(snapshot(app.tables)).toBe(snapshot(passkeyApp().tables));
  });

  it("the credential is already registered", async () => {
    const app = passkeyApp();
    await registerNewUser(app);
    const taken = app.authenticator.credentials[0]?.id as Uint8Array;
    const jar = new CookieJar();
    const data = await registrationFor(app, jar, "?email=eve%40example.test", { credentialId: taken });
    const before = snapshot(app.tables);
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBe(
      "WebAuthnVerificationError",
    );
    expect(snapshot(app.tables)).toBe(before);
  });

  it("storing the authenticator fails: the new user and account are removed again", async () => {
    const app = passkeyApp();
    app.adapter.createAuthenticator = () => {
      throw new Error("disk full");
    };
    const jar = new CookieJar();
    const data = await registrationFor(app, jar, "?email=ada%40example.test");
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBe("Configuration");
    expect(snapshot(app.tables)).toBe(snapshot(passkeyApp().tables));
    expect(await sessionOf(app, jar)).toBeNull();
    expect(app.log.text()).toMatch(/failed to store the authenticator/);
  });

  it("the address cannot be checked at the callback: reported as that step", async () => {
    const app = passkeyApp();
    const jar = new CookieJar();
    const data = await registrationFor(app, jar, "?email=ada%40example.test");
    app.adapter.getUserByEmail = () => {
      throw new Error("database down");
    };
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBe("Configuration");
    expect(snapshot(app.tables)).toBe(snapshot(passkeyApp().tables));
    expect(app.log.text()).toMatch(/failed to find the user by e-mail/);
  });

  it("storing a signed-in user's second authenticator fails: its account is unlinked again", async () => {
    const app = passkeyApp();
    const { jar } = await registerNewUser(app);
    const before = snapshot(app.tables);
    const data = await registrationFor(app, jar, "?action=register");
    app.adapter.createAuthenticator = () => {
      throw new Error("disk full");
    };
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBe("Configuration");
    expect(snapshot(app.tables)).toBe(before);
    expect(app.log.text()).toMatch(/failed to store the authenticator/);
  });

  it("linking a signed-in user's second passkey fails: reported as that step", async () => {
    const app = passkeyApp();
    const { jar } = await registerNewUser(app);
    const before = snapshot(app.tables);
    const data = await registrationFor(app, jar, "?action=register");
    app.adapter.linkAccount = () => {
      throw new Error("disk full");
    };
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBe("Configuration");
    expect(snapshot(app.tables)).toBe(before);
    expect(app.log.text()).toMatch(/failed to link the passkey's account/);
  });
});

it("accepts the response as an object in a JSON body", async () => {
  const app = passkeyApp();
  const jar = new CookieJar();
  const data = await registrationFor(app, jar, "?email=ada%40example.test");
  const { getCsrf } = await import("../../core/helpers.js");
  const { token } = await getCsrf(app.config, { cookie: jar });
  const response = await send(app.config, "/callback/passkey", {
    cookie: jar,
    json: { csrfToken: token, action: "register", data },
  });
  expect(errorOf(response)).toBeNull();
  expect(app.tables.authenticators.size).toBe(1);
});

it("refuses a callback without the CSRF token", async () => {
  const app = passkeyApp();
  const jar = new CookieJar();
  const data = await registrationFor(app, jar, "?email=ada%40example.test");
  const response = await send(app.config, "/callback/passkey", {
    cookie: jar,
    form: { action: "register", data: JSON.stringify(data) },
  });
  expect(errorOf(response)).toBe("MissingCSRF");
  expect(app.tables.users.size).toBe(0);
});

describe("the stored authenticator records what the authenticator reported", () => {
  async function registerWith(edit: (data: RegistrationResponseJSON) => void, bend: Bend = {}) {
    const app = passkeyApp();
    const jar = new CookieJar();
    const data = await registrationFor(app, jar, "?email=ada%40example.test", bend);
    edit(data);
    expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBeNull();
    return stored(app)[0];
  }

  it("a backed-up multi-device credential (flags BE and BS, WebAuthn Level 3 §6.1)", async () => {
    const row = await registerWith(() => undefined, { flags: FLAG_UP | FLAG_UV | 0x08 | 0x10 });
    expect(row).toMatchObject({ credentialDeviceType: "multiDevice", credentialBackedUp: true });
  });

  it("several transports, joined with commas", async () => {
    const row = await registerWith((data) => {
      data.response.transports = ["usb", "nfc"];
    });
    expect(row?.transports).toBe("usb,nfc");
  });

  it.each([
    ["an empty list", []],
    ["none", undefined],
  ])("no transports when the browser reported %s", async (_what, transports) => {
    const row = await registerWith((data) => {
      data.response.transports = transports as never;
    });
    expect(row?.transports).toBeNull();
  });

  it("a counter the authenticator started above 0", async () => {
    const row = await registerWith(() => undefined, { counter: 41 });
    expect(row?.counter).toBe(41);
  });
});

it("refuses a credential already stored in Auth.js v5's standard base64 form", async () => {
  const app = passkeyApp();
  const id = new Uint8Array(Buffer.from("fbff01fbff01fbff01fbff01fbff01fb", "hex"));
  const first = new CookieJar();
  const data = await registrationFor(app, first, "?email=ada%40example.test", { credentialId: id });
  expect(errorOf(await postCeremony(app, first, { action: "register", data }))).toBeNull();
  const [row] = stored(app);
  const legacy = { ...(row as AdapterAuthenticator), credentialID: Buffer.from(id).toString("base64") };
  expect(legacy.credentialID).toMatch(/[+/]/);
  app.tables.authenticators.clear();
  app.tables.authenticators.set(legacy.credentialID, legacy);

  const jar = new CookieJar();
  const again = await registrationFor(app, jar, "?email=eve%40example.test", { credentialId: id });
  const before = snapshot(app.tables);
  expect(errorOf(await postCeremony(app, jar, { action: "register", data: again }))).toBe(
    "WebAuthnVerificationError",
  );
  expect(app.refusals.at(-1)).toMatch(/already registered/);
  expect(snapshot(app.tables)).toBe(before);
});
