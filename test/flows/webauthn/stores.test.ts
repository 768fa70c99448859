/**
 * A passkey's whole life on every store the suite runs (MemoryAdapter, PrismaAdapter on SQLite,
 * PostgreSQL and MariaDB) with both session strategies: registered as a new user, used, joined by
 * a second passkey, listed and deleted. The rows are read back without the adapter.
 */
import { describe, expect, it } from "vitest";
import { deleteAuthenticator, listAuthenticators } from "../../../src/index.js";
import { authRequest } from "../../core/helpers.js";
import { SESSION_STORES, useStore } from "../../session/stores.js";
import {
  CookieJar,
  ceremonyOptions,
  errorOf,
  passkeyApp,
  postCeremony,
  registerNewUser,
  sessionOf,
  signInWithPasskey,
} from "./harness.js";
import { b64url } from "./soft-authenticator.js";

describe.each(SESSION_STORES)("$name", (store) => {
  const opened = useStore(store);

  it.each(["jwt", "database"] as const)(
    "with %s sessions, a passkey is registered, used, joined and deleted",
    async (strategy) => {
      const { adapter, db } = opened();
      const app = passkeyApp({ config: { adapter, session: { strategy } } });

      const { jar, data: first } = await registerNewUser(app, "ada@example.test");
      const user = await db.userByEmail("ada@example.test");
      expect(user).toMatchObject({ email: "ada@example.test", emailVerified: null });
      expect(await db.account("passkey", first.id)).toMatchObject({ type: "webauthn", userId: user?.id });
      expect(await db.authenticator?.(first.id)).toMatchObject({
        credentialID: first.id,
        credentialPublicKey: b64url(app.authenticator.credentials[0]?.publicKey as Uint8Array),
        counter: 0,
        credentialDeviceType: "singleDevice",
        credentialBackedUp: false,
        transports: "internal",
        providerAccountId: first.id,
        userId: user?.id,
      });

      const signedIn = await signInWithPasskey(app);
      expect(errorOf(signedIn.response)).toBeNull();
      expect((await sessionOf(app, signedIn.jar))?.user?.email).toBe("ada@example.test");
      expect((await db.authenticator?.(first.id))?.counter).toBe(1);

      const { options } = await ceremonyOptions(app, jar, "?action=register");
      const second = app.authenticator.create(options as never);
      expect(errorOf(await postCeremony(app, jar, { action: "register", data: second }))).toBeNull();
      const mine = await listAuthenticators(authRequest("/session", { cookie: jar }), app.config);
      expect(mine?.map((authenticator) => authenticator.credentialID).sort()).toEqual(
        [first.id, second.id].sort(),
      );

      expect(await deleteAuthenticator(authRequest("/session", { cookie: jar }), app.config, first.id)).toBe(
        true,
      );
      expect(await db.authenticator?.(first.id)).toBeNull();
      expect(await db.account("passkey", first.id)).toBeNull();
      const withSecond = await signInWithPasskey(app, new CookieJar());
      expect(errorOf(withSecond.response)).toBeNull();
      expect((await sessionOf(app, withSecond.jar))?.user?.email).toBe("ada@example.test");
    },
  );
});
