/**
 * A user's passkeys after registration: the server-side helpers for a "your passkeys" page, what an
 * unlinked account means for its passkey, and passkeys stored by Auth.js v5 (standard base64).
 */
import { describe, expect, it } from "vitest";
import type { Adapter, AdapterAccount, AdapterAuthenticator } from "../../../src/adapters/types.js";
import { deleteAuthenticator, listAuthenticators } from "../../../src/index.js";
import WebAuthn from "../../../src/providers/webauthn.js";
import { aliceCredentials, authRequest, send } from "../../core/helpers.js";
import {
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
} from "./harness.js";

const requestWith = (jar: CookieJar) => authRequest("/session", { cookie: jar });
const stored = (app: PasskeyApp): AdapterAuthenticator[] => [...app.tables.authenticators.values()];

describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
  it("listAuthenticators lists the signed-in user's passkeys only, and null when signed out", async () => {
    const app = passkeyApp({ config: { session: { strategy } } });
    const { jar: ada, data: first } = await registerNewUser(app, "ada@example.test");
    await registerNewUser(app, "bob@example.test");

    const listed = await listAuthenticators(requestWith(ada), app.config);
    expect(listed?.map((authenticator) => authenticator.credentialID)).toEqual([first.id]);
    expect(listed?.[0]).toMatchObject({
      counter: 0,
      credentialDeviceType: "singleDevice",
      transports: "internal",
    });
    expect(await listAuthenticators(requestWith(new CookieJar()), app.config)).toBeNull();
  });

  it("deleteAuthenticator removes the user's own passkey and its account; it no longer signs in", async () => {
    const app = passkeyApp({ config: { session: { strategy } } });
    const { jar, data } = await registerNewUser(app, "ada@example.test");
    expect(await deleteAuthenticator(requestWith(jar), app.config, data.id)).toBe(true);
    expect(app.tables.authenticators.size).toBe(0);
    expect(app.tables.accounts.size).toBe(0);
    expect(app.tables.users.size).toBe(1);

    const { response, jar: attempt } = await signInWithPasskey(app);
    expect(errorOf(response)).toBe("WebAuthnVerificationError");
    expect(await sessionOf(app, attempt)).toBeNull();
  });

  it("deleteAuthenticator never touches another user's passkey, nor says whether it exists", async () => {
    const app = passkeyApp({ config: { session: { strategy } } });
    const { data: adas } = await registerNewUser(app, "ada@example.test");
    const { jar: mallory } = await registerNewUser(app, "mallory@example.test");
    const before = JSON.stringify([...app.tables.authenticators, ...app.tables.accounts]);
    expect(await deleteAuthenticator(requestWith(mallory), app.config, adas.id)).toBe(false);
    expect(await deleteAuthenticator(requestWith(mallory), app.config, "no-such-credential")).toBe(false);
    expect(await deleteAuthenticator(requestWith(new CookieJar()), app.config, adas.id)).toBe(false);
    expect(JSON.stringify([...app.tables.authenticators, ...app.tables.accounts])).toBe(before);
  });
});

it("a passkey whose account was unlinked (the pre-hijack defence) signs nobody in", async () => {
  const app = passkeyApp();
  const { data } = await registerNewUser(app, "victim@example.test");
  // What the e-mail flow does when the address is first proven: unlink accounts added without proof.
  await app.adapter.unlinkAccount?.({ provider: "passkey", providerAccountId: data.id });
  expect(app.tables.authenticators.size).toBe(1);
  const before = JSON.stringify([...app.tables.authenticators]);
  const { response, jar } = await signInWithPasskey(app);
  expect(errorOf(response)).toBe("WebAuthnVerificationError");
  expect(await sessionOf(app, jar)).toBeNull();
  expect(JSON.stringify([...app.tables.authenticators])).toBe(before); // the counter did not move either
});

it("a passkey's account linked to another provider id does not sign in through this one", async () => {
  const app = passkeyApp();
  const { data } = await registerNewUser(app);
  const account = [...app.tables.accounts.values()][0];
  await app.adapter.unlinkAccount?.({ provider: "passkey", providerAccountId: data.id });
  await app.adapter.linkAccount?.({ ...(account as AdapterAccount), provider: "webauthn" });
  expect(errorOf((await signInWithPasskey(app)).response)).toBe("WebAuthnVerificationError");
});

describe("passkeys registered under Auth.js v5 (credentialID and public key in standard base64)", () => {
  /** Rewrites the stored authenticator the way Auth.js v5 wrote it. */
  function asAuthJsRow(app: PasskeyApp): string {
    const [row] = stored(app);
    const toBase64 = (value: string) => Buffer.from(value, "base64url").toString("base64");
    const legacy = {
      ...(row as AdapterAuthenticator),
      credentialID: toBase64(row?.credentialID as string),
      credentialPublicKey: toBase64(row?.credentialPublicKey as string),
      providerAccountId: toBase64(row?.providerAccountId as string),
    };
    app.tables.authenticators.clear();
    app.tables.authenticators.set(legacy.credentialID, legacy);
    const account = [...app.tables.accounts.values()][0];
    app.tables.accounts.clear();
    app.tables.accounts.set(JSON.stringify(["passkey", legacy.providerAccountId]), {
      ...(account as AdapterAccount),
      providerAccountId: legacy.providerAccountId,
    });
    return legacy.credentialID;
  }

  it("still sign in, and their counter is kept up to date", async () => {
    const app = passkeyApp();
    await registerNewUser(app);
    const legacyId = asAuthJsRow(app);
    expect(legacyId).toMatch(/[+/=]/);
    const { response, jar } = await signInWithPasskey(app);
    expect(errorOf(response)).toBeNull();
    expect((await sessionOf(app, jar))?.user?.email).toBe("ada@example.test");
    expect(app.tables.authenticators.get(legacyId)?.counter).toBe(1);
  });

  it("can be listed and deleted by their owner", async () => {
    const app = passkeyApp();
    const { jar } = await registerNewUser(app);
    const legacyId = asAuthJsRow(app);
    expect((await listAuthenticators(requestWith(jar), app.config))?.map((a) => a.credentialID)).toEqual([
      legacyId,
    ]);
    expect(await deleteAuthenticator(requestWith(jar), app.config, legacyId)).toBe(true);
    expect(app.tables.authenticators.size).toBe(0);
    expect(app.tables.accounts.size).toBe(0);
  });
});

it("deleteAuthenticator names the adapter method it needs when the adapter lacks it", async () => {
  const app = passkeyApp();
  const { jar, data } = await registerNewUser(app);
  delete (app.adapter as { deleteAuthenticator?: unknown }).deleteAuthenticator;
  await expect(deleteAuthenticator(requestWith(jar), app.config, data.id)).rejects.toThrow(
    /needs the adapter method deleteAuthenticator/,
  );
  expect(app.tables.authenticators.size).toBe(1);
});

describe("Auth.js v5 rows of every padding length", () => {
  // 0xfb 0xff give "+" and "/" in standard base64 ("-" and "_" in base64url); 15, 16 and 17 bytes
  // end in no, two and one "=" of padding.
  it.each([15, 16, 17])(
    "a %i-byte credential id stored in standard base64 signs in and is deleted",
    async (length) => {
      const app = passkeyApp();
      const id = new Uint8Array(Buffer.alloc(length, Buffer.from([0xfb, 0xff])));
      const jar = new CookieJar();
      const data = await registrationFor(app, jar, "?email=ada%40example.test", { credentialId: id });
      expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBeNull();
      const [row] = stored(app);
      const legacyId = Buffer.from(id).toString("base64");
      app.tables.authenticators.clear();
      app.tables.authenticators.set(legacyId, { ...(row as AdapterAuthenticator), credentialID: legacyId });

      const { response } = await signInWithPasskey(app);
      expect(errorOf(response)).toBeNull();
      expect(app.tables.authenticators.get(legacyId)?.counter).toBe(1);
      expect(await deleteAuthenticator(requestWith(jar), app.config, legacyId)).toBe(true);
      expect(app.tables.authenticators.size).toBe(0);
    },
  );
});

it("an authenticator that keeps no counter costs no counter write per sign-in", async () => {
  const app = passkeyApp({ counterStep: 0 });
  await registerNewUser(app);
  const writes: number[] = [];
  const update = app.adapter.updateAuthenticatorCounter?.bind(app.adapter);
  app.adapter.updateAuthenticatorCounter = (credentialID, counter) => {
    writes.push(counter);
    return (update as NonNullable<typeof update>)(credentialID, counter);
  };
  expect(errorOf((await signInWithPasskey(app)).response)).toBeNull();
  expect(writes).toEqual([]);
});

describe("deleteAuthenticator", () => {
  it("refuses an empty or non-string credential id without touching anything", async () => {
    const app = passkeyApp();
    const { jar } = await registerNewUser(app);
    for (const credentialID of ["", 7, undefined]) {
      expect(await deleteAuthenticator(requestWith(jar), app.config, credentialID as string)).toBe(false);
    }
    expect(app.tables.authenticators.size).toBe(1);
    expect(app.tables.accounts.size).toBe(1);
  });

  it("still deletes the passkey when the adapter cannot unlink accounts", async () => {
    const app = passkeyApp();
    const { jar, data } = await registerNewUser(app);
    delete (app.adapter as { unlinkAccount?: unknown }).unlinkAccount;
    expect(await deleteAuthenticator(requestWith(jar), app.config, data.id)).toBe(true);
    expect(app.tables.authenticators.size).toBe(0);
  });

  it("unlinks the passkey's account under each WebAuthn provider, and no other provider's account", async () => {
    const app = passkeyApp();
    const config = {
      ...app.config,
      providers: [...(app.config.providers ?? []), WebAuthn(), aliceCredentials()],
    };
    const { jar, data } = await registerNewUser({ ...app, config });
    const [account] = [...app.tables.accounts.values()] as AdapterAccount[];
    for (const provider of ["webauthn", "credentials"]) {
      await app.adapter.linkAccount?.({ ...(account as AdapterAccount), provider });
    }
    expect(await deleteAuthenticator(requestWith(jar), config, data.id)).toBe(true);
    expect([...app.tables.accounts.values()].map((remaining) => remaining.provider)).toEqual(["credentials"]);
  });

  it("leaves the account alone when it links another user", async () => {
    const app = passkeyApp();
    const { jar, data } = await registerNewUser(app);
    const bob = await app.adapter.createUser?.({ id: "bob", email: "bob@example.test", emailVerified: null });
    const [account] = [...app.tables.accounts.values()] as AdapterAccount[];
    await app.adapter.unlinkAccount?.({ provider: "passkey", providerAccountId: data.id });
    await app.adapter.linkAccount?.({ ...(account as AdapterAccount), userId: bob?.id as string });
    expect(await deleteAuthenticator(requestWith(jar), app.config, data.id)).toBe(true);
    expect(app.tables.authenticators.size).toBe(0);
    expect([...app.tables.accounts.values()]).toMatchObject([{ userId: "bob", providerAccountId: data.id }]);
  });
});

describe("a storage failure is reported with the step that failed", () => {
  const broken = () => {
    throw new Error("database down");
  };

  it.each<[keyof Adapter, string, RegExp]>([
    ["getUserByEmail", "?email=ada%40example.test", /failed to find the user by e-mail/],
    ["listAuthenticatorsByUserId", "?email=ada%40example.test", /failed to list the user's authenticators/],
  ])("options, when %s fails", async (method, query, step) => {
    const app = passkeyApp();
    await registerNewUser(app);
    (app.adapter as Record<string, unknown>)[method] = broken;
    const response = await send(app.config, `/webauthn-options/passkey${query}`);
    expect(response.status).toBe(500);
    expect(app.log.text()).toMatch(step);
    expect(app.log.text()).toMatch(/database down/);
  });

  it.each<[keyof Adapter, RegExp]>([
    ["getAuthenticator", /failed to find the authenticator/],
    ["getUserByAccount", /failed to find the passkey's user/],
    ["updateAuthenticatorCounter", /failed to update the signature counter/],
  ])("sign-in, when %s fails", async (method, step) => {
    const app = passkeyApp();
    await registerNewUser(app);
    (app.adapter as Record<string, unknown>)[method] = broken;
    const { response, jar } = await signInWithPasskey(app);
    expect(errorOf(response)).toBe("Configuration");
    expect(app.log.text()).toMatch(step);
    expect(await sessionOf(app, jar)).toBeNull();
  });

  it("sign-in, when the lookup of an Auth.js-form id fails", async () => {
    const app = passkeyApp();
    await registerNewUser(app);
    const lookups: string[] = [];
    app.adapter.getAuthenticator = async (credentialID) => {
      lookups.push(credentialID);
      if (lookups.length > 1) throw new Error("database down");
      return null;
    };
    const { response } = await signInWithPasskey(app);
    expect(errorOf(response)).toBe("Configuration");
    expect(lookups).toHaveLength(2);
    expect(app.log.text()).toMatch(/failed to find the authenticator/);
  });

  it.each<[keyof Adapter, "list" | "delete", RegExp]>([
    ["listAuthenticatorsByUserId", "list", /failed to list the user's authenticators/],
    ["deleteAuthenticator", "delete", /failed to delete the authenticator/],
    ["getUserByAccount", "delete", /failed to find the passkey's user/],
    ["unlinkAccount", "delete", /failed to unlink the passkey's account/],
  ])("the passkey helpers, when %s fails", async (method, helper, step) => {
    const app = passkeyApp();
    const { jar, data } = await registerNewUser(app);
    (app.adapter as Record<string, unknown>)[method] = broken;
    const call =
      helper === "list"
        ? listAuthenticators(requestWith(jar), app.config)
        : deleteAuthenticator(requestWith(jar), app.config, data.id);
    await expect(call).rejects.toThrow(step);
  });
});

it("registering and signing in with a passkey tell the signIn callback and event it was a webauthn account, and whose", async () => {
  const seen: string[] = [];
  const app = passkeyApp({
    config: {
      callbacks: {
        signIn: ({ account, user }) => {
          seen.push(`callback:${account?.type}:${user.email}`);
          return true;
        },
      },
      events: { signIn: ({ account }) => void seen.push(`event:${account?.type}:${account?.provider}`) },
    },
  });
  await registerNewUser(app);
  // Registering signs in too, through the same callback and event; the callback sees the new address.
  expect(seen).toEqual(["callback:webauthn:ada@example.test", "event:webauthn:passkey"]);
  seen.length = 0;
  expect(errorOf((await signInWithPasskey(app)).response)).toBeNull();
  expect(seen).toEqual(["callback:webauthn:ada@example.test", "event:webauthn:passkey"]);
});

it("a passkey stored in Auth.js's padded base64 is offered to the browser by its base64url id", async () => {
  const app = passkeyApp();
  const id = new Uint8Array(Buffer.alloc(16, Buffer.from([0xfb, 0xff])));
  const jar = new CookieJar();
  const data = await registrationFor(app, jar, "?email=ada%40example.test", { credentialId: id });
  expect(errorOf(await postCeremony(app, jar, { action: "register", data }))).toBeNull();
  const [row] = stored(app);
  const legacyId = Buffer.from(id).toString("base64");
  expect(legacyId).toMatch(/==$/);
  app.tables.authenticators.clear();
  app.tables.authenticators.set(legacyId, { ...(row as AdapterAuthenticator), credentialID: legacyId });
  const { options } = await ceremonyOptions(app, new CookieJar(), "?email=ada%40example.test");
  expect("allowCredentials" in options && options.allowCredentials?.map((allowed) => allowed.id)).toEqual([
    data.id,
  ]);
});

it("an unknown credential id already in standard base64 form is looked up once", async () => {
  const app = passkeyApp();
  await registerNewUser(app);
  // 12 zero bytes: "AAAAAAAAAAAAAAAA" in both encodings, unpadded.
  app.authenticator.create(
    { challenge: "c29tZXdoZXJlLWVsc2U", user: { id: "dXNlcg", name: "x", displayName: "" } } as never,
    { credentialId: new Uint8Array(12) },
  );
  const lookups: string[] = [];
  const get = app.adapter.getAuthenticator?.bind(app.adapter);
  app.adapter.getAuthenticator = (credentialID) => {
    lookups.push(credentialID);
    return (get as NonNullable<typeof get>)(credentialID);
  };
  expect(errorOf((await signInWithPasskey(app)).response)).toBe("WebAuthnVerificationError");
  expect(lookups).toEqual(["AAAAAAAAAAAAAAAA"]);
});
