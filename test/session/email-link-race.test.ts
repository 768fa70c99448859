/**
 * One e-mail link, posted 20 times at once (a double-clicking user, or an attacker racing them):
 * exactly one post signs in, on every store, because the token is used through the adapter's
 * atomic `useVerificationToken`.
 */
import { describe, expect, it } from "vitest";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthConfig } from "../../src/index.js";
import { getCsrf, makeConfig, recordingLogger, send } from "../core/helpers.js";
import { lastMail, outboxProvider, requestLink } from "../flows/email/helpers.js";
import { SESSION_STORES, useStore } from "./stores.js";

const PARALLEL_POSTS = 20;

function config(adapter: Adapter) {
  const outbox = outboxProvider();
  const auth: AuthConfig = makeConfig({
    adapter,
    session: { strategy: "database" },
    logger: recordingLogger().logger,
    // Twenty attempts on one address would trip the limiter; this test is about the token alone.
    rateLimit: false,
    providers: [outbox.provider],
  });
  return { auth, outbox };
}

describe.each(SESSION_STORES)("one e-mail link posted $name", (store) => {
  const opened = useStore(store);

  it(`${PARALLEL_POSTS} times at once signs in exactly once`, async () => {
    const { auth, outbox } = config(opened().adapter);
    await requestLink(auth, `race-${crypto.randomUUID()}@example.test`);
    const link = new URL(lastMail(outbox).url);
    const fields = {
      token: String(link.searchParams.get("token")),
      email: String(link.searchParams.get("email")),
    };
    const browsers = await Promise.all(Array.from({ length: PARALLEL_POSTS }, () => getCsrf(auth)));
    const responses = await Promise.all(
      browsers.map(({ token, jar }) =>
        send(auth, "/callback/email", { cookie: jar, form: { csrfToken: token, ...fields } }),
      ),
    );
    const outcomes = responses.map((response) =>
      new URL(String(response.headers.get("location"))).searchParams.get("error"),
    );
    expect(outcomes.filter((error) => error === null)).toHaveLength(1);
    expect(outcomes.filter((error) => error === "Verification")).toHaveLength(PARALLEL_POSTS - 1);
    expect(await opened().db.count("sessions")).toBe(1);
    expect(await opened().db.count("users")).toBe(1);
  });
});
