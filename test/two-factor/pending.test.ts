/**
 * The single use of a pending sign-in, through the public handler: the mark that spends it must
 * outlive every copy of the cookie that could still be opened, and sit in the app's store as a
 * record (a kind a flood of anonymous challenges cannot evict).
 */
import { describe, expect, it, vi } from "vitest";
import { MemoryStore } from "../../src/store/memory.js";
import type { SetIfAbsentOptions } from "../../src/store/types.js";
import { locationOf, signInWithCredentials } from "../core/helpers.js";
import {
  codeAt,
  copyOfPendingSignIn,
  enrolAlice,
  freezeDateAtStart,
  nextStep,
  postCode,
  setsSession,
  twoFactorApp,
} from "./harness.js";

freezeDateAtStart();

/** The default `twoFactor.pendingMaxAge`, in seconds. */
const PENDING_MAX_AGE = 300;

/** A MemoryStore that notes how long, and as what kind, each pending sign-in is marked spent. */
class NotingStore extends MemoryStore {
  readonly spentMarks: Array<{ ttlMs: number; options: SetIfAbsentOptions | undefined }> = [];
  override setIfAbsent(key: string, value: string, ttlMs: number, options?: SetIfAbsentOptions) {
    if (key.startsWith("2fa-spent:")) this.spentMarks.push({ ttlMs, options });
    return super.setIfAbsent(key, value, ttlMs, options);
  }
}

describe("a pending sign-in, once completed", () => {
  it("attack: a copy replayed in the last minute of the pending cookie's life, beside the CSRF cookie and with a fresh code, gets no session", async () => {
    // The store reads the test's clock: made after it was frozen.
    const { config } = await twoFactorApp({ store: new MemoryStore() });
    const { secret } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    const copy = copyOfPendingSignIn(jar);
    expect(setsSession(await postCode(config, jar, codeAt(secret, Date.now())))).toBe(true);

    // Ten seconds before the copy expires: it still opens, so only the spent mark refuses it.
    vi.setSystemTime(Date.now() + (PENDING_MAX_AGE - 10) * 1000);
    const replay = await postCode(config, copy, codeAt(secret, Date.now()));
    expect(setsSession(replay)).toBe(false);
    expect(locationOf(replay).searchParams.get("error")).toBe("InvalidCheck");
  });

  it("is marked spent as a record, for no longer than a copy could be opened plus a minute", async () => {
    const store = new NotingStore();
    const { config } = await twoFactorApp({ store });
    const { secret } = await enrolAlice(config);
    nextStep();
    const { jar } = await signInWithCredentials(config);
    expect(setsSession(await postCode(config, jar, codeAt(secret, Date.now())))).toBe(true);
    expect(store.spentMarks).toHaveLength(1);
    const [mark] = store.spentMarks;
    expect(mark?.options).toEqual({ kind: "record" });
    // Issued and spent at the same instant of the frozen clock: its whole life and a minute.
    expect(mark?.ttlMs).toBe((PENDING_MAX_AGE + 60) * 1000);
  });
});
