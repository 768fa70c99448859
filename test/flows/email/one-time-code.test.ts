/**
 * One-time codes (`otp: true`), attacked through `Auth()`: uniform 6-digit codes, one pending code
 * per address and provider, 5 tries per token counted apart from every other token, the code's
 * lifetime, secret rotation, and nothing left in the store once a code has signed in.
 */

import { afterEach, describe, expect, it, vi } from "vitest";
import { runtime } from "#crypto";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../../src/adapters/memory.js";
import type { Adapter } from "../../../src/adapters/types.js";
import type { AuthConfig } from "../../../src/index.js";
import type { EmailUserConfig } from "../../../src/providers/email.js";
import { MemoryStore } from "../../../src/store/memory.js";
import {
  getCsrf,
  locationOf,
  makeConfig,
  OLD_SECRET,
  recordingLogger,
  SECRET,
  send,
} from "../../core/helpers.js";
import { confirmLink, lastMail, type Outbox, outboxProvider, requestLink } from "./helpers.js";

interface App {
  config: AuthConfig;
  tables: MemoryTables;
  outbox: Outbox;
  store: MemoryStore;
  /** The store's clock, in milliseconds; move it to age the pending codes. */
  clock: { now: number };
  warned: string[];
  logs: ReturnType<typeof recordingLogger>;
}

function app(
  options: {
    provider?: Partial<EmailUserConfig>;
    config?: Partial<AuthConfig>;
    tables?: MemoryTables;
    store?: MemoryStore;
    clock?: { now: number };
    adapter?: Adapter;
  } = {},
): App {
  const tables = options.tables ?? createMemoryTables();
  const clock = options.clock ?? { now: Date.now() };
  const store = options.store ?? new MemoryStore({ now: () => clock.now });
  const outbox = outboxProvider({ otp: true, ...options.provider });
  const logs = recordingLogger();
  const warned: string[] = [];
  const config = makeConfig({
    adapter: options.adapter ?? MemoryAdapter(tables),
    store,
    // These tests are about the code's own tries; the limiter's counters would share the store.
    rateLimit: false,
    logger: { ...logs.logger, warn: (code: string, message?: string) => warned.push(`${code}: ${message}`) },
    providers: [outbox.provider],
    ...options.config,
  });
  return { config, tables, outbox, store, clock, warned, logs };
}

/** Posts `code` for `email`; answers the error type of the redirect, or null for a sign-in. */
async function postCode(config: AuthConfig, code: string, email = "ada@example.test") {
  const { token, jar } = await getCsrf(config);
  const response = await send(config, "/callback/email", {
    cookie: jar,
    form: { csrfToken: token, email, code },
  });
  return locationOf(response).searchParams.get("error");
}

async function codeFor(config: AuthConfig, outbox: Outbox, email = "ada@example.test") {
  await requestLink(config, email);
  const mail = lastMail(outbox);
  expect(mail.identifier).toBe(email);
  return String(mail.code);
}

const wrong = (code: string, by = 1) => String((Number(code) + by) % 1_000_000).padStart(6, "0");

/** Makes the next 4-byte draws (the code's) return these big-endian values; other draws stay random. */
const realRandomBytes = runtime.randomBytes.bind(runtime);
function drawCodes(...values: number[]) {
  const real = realRandomBytes;
  return vi.spyOn(runtime, "randomBytes").mockImplementation((length: number) => {
    if (length !== 4 || values.length === 0) return real(length);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, values.shift() as number);
    return bytes;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the code", () => {
  it("is six digits mailed beside the link; typed with spaces it signs in, uses the link up, and leaves the store empty", async () => {
    const { config, outbox, tables, store } = app();
    const code = await codeFor(config, outbox);
    expect(code).toMatch(/^\d{6}$/);
    expect(lastMail(outbox).token).toBeTruthy();
    expect(await postCode(config, wrong(code))).toBe("Verification");
    expect(await postCode(config, ` ${code}\t`, " ADA@example.test ")).toBeNull();
    expect([...tables.users.values()].map((user) => user.email)).toEqual(["ada@example.test"]);
    expect(tables.verificationTokens.size).toBe(0);
    expect(store.size).toBe(0);
    expect(await postCode(config, code)).toBe("Verification");
    expect(locationOf(await confirmLink(config, lastMail(outbox).url)).searchParams.get("error")).toBe(
      "Verification",
    );
  });

  it("is drawn uniformly: a draw at or above the largest multiple of 10^6 below 2^32 is drawn again", async () => {
    const limit = Math.floor(2 ** 32 / 1_000_000) * 1_000_000;
    drawCodes(0xffffffff, limit, limit - 1);
    const first = app();
    expect(await codeFor(first.config, first.outbox)).toBe("999999");

    drawCodes(42);
    const second = app();
    expect(await codeFor(second.config, second.outbox)).toBe("000042");
    expect(await postCode(second.config, "000042")).toBeNull();
  });

  it("of two mails, only the newer code works, while both links still do", async () => {
    drawCodes(111_111, 222_222);
    const { config, outbox } = app();
    await requestLink(config, "ada@example.test");
    await requestLink(config, "ada@example.test");
    expect(outbox.sent.map((mail) => mail.code)).toEqual(["111111", "222222"]);
    expect(await postCode(config, "111111")).toBe("Verification");
    expect(await postCode(config, "222222")).toBeNull();
    expect(
      locationOf(await confirmLink(config, String(outbox.sent[0]?.url))).searchParams.get("error"),
    ).toBeNull();
  });

  it("is kept per address: another address's mail does not replace it", async () => {
    const { config, outbox } = app();
    const ada = await codeFor(config, outbox, "ada@example.test");
    const bob = await codeFor(config, outbox, "bob@example.test");
    expect(await postCode(config, bob, "ada@example.test")).toBe(ada === bob ? null : "Verification");
    expect(await postCode(config, ada, "ada@example.test")).toBe(ada === bob ? "Verification" : null);
    expect(await postCode(config, bob, "bob@example.test")).toBeNull();
  });

  it("is refused for an address that was sent none", async () => {
    const { config, warned } = app();
    expect(await postCode(config, "123456", "nobody@example.test")).toBe("Verification");
    expect(warned.join("\n")).toContain("Verification: No one-time code is pending for this address");
  });

  it("lives as long as the link (maxAge), and not longer", async () => {
    const { config, outbox, clock } = app({ provider: { maxAge: 60 } });
    const code = await codeFor(config, outbox);
    clock.now += 59_000;
    expect(await postCode(config, wrong(code))).toBe("Verification");
    expect(await postCode(config, code)).toBeNull();

    const late = app({ provider: { maxAge: 60 } });
    const lateCode = await codeFor(late.config, late.outbox);
    late.clock.now += 60_001;
    expect(await postCode(late.config, lateCode)).toBe("Verification");
    expect(late.warned.join("\n")).toContain("No one-time code is pending");
  });

  it("lives 24 hours when the provider sets no maxAge", async () => {
    const { config, outbox, clock } = app({ provider: { maxAge: undefined } });
    const code = await codeFor(config, outbox);
    clock.now += 24 * 60 * 60 * 1000 - 1000;
    expect(await postCode(config, code)).toBeNull();

    const late = app({ provider: { maxAge: undefined } });
    const lateCode = await codeFor(late.config, late.outbox);
    late.clock.now += 24 * 60 * 60 * 1000 + 1;
    expect(await postCode(late.config, lateCode)).toBe("Verification");
  });

  it("is refused once its link has expired", async () => {
    const { config, outbox, tables, warned } = app();
    const code = await codeFor(config, outbox);
    for (const token of tables.verificationTokens.values()) token.expires = new Date(Date.now() - 1);
    expect(await postCode(config, code)).toBe("Verification");
    expect(warned.join("\n")).toContain("Verification: The sign-in token has expired.");
    expect(tables.users.size).toBe(0);
  });

  it("is refused once its link was used, and its fifth wrong try is still reported as one", async () => {
    const { config, outbox, tables, warned } = app();
    const code = await codeFor(config, outbox);
    expect(locationOf(await confirmLink(config, lastMail(outbox).url)).searchParams.get("error")).toBeNull();
    for (let i = 1; i <= 5; i++) expect(await postCode(config, wrong(code, i))).toBe("Verification");
    expect(warned.at(-1)).toContain("Verification: Wrong one-time code (attempt 5 of 5).");
    expect(tables.sessions.size).toBe(1);

    const again = app();
    const right = await codeFor(again.config, again.outbox);
    await confirmLink(again.config, lastMail(again.outbox).url);
    expect(await postCode(again.config, right)).toBe("Verification");
    expect(again.warned.at(-1)).toContain(
      "The sign-in token is unknown, already used, or for another address.",
    );
    expect(again.tables.sessions.size).toBe(1);
  });

  it("is void from the millisecond its link expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-02-03T04:05:06.789Z"));
    const { config, outbox, tables } = app();
    const ada = await codeFor(config, outbox, "ada@example.test");
    const bob = await codeFor(config, outbox, "bob@example.test");
    for (const token of tables.verificationTokens.values()) {
      token.expires = new Date(Date.now() + (token.identifier === "bob@example.test" ? 1 : 0));
    }
    expect(await postCode(config, ada, "ada@example.test")).toBe("Verification");
    expect(await postCode(config, bob, "bob@example.test")).toBeNull();
    vi.useRealTimers();
  });

  it("refuses a pending entry that is not a token hash and a code hash (a foreign or corrupted value)", async () => {
    const { config, store, warned } = app();
    for (const value of ["no-separator", ":only-a-code", "only-a-token:"]) {
      await store.delete("otp:email:ada@example.test");
      await store.setIfAbsent("otp:email:ada@example.test", value, 60_000);
      expect(await postCode(config, "123456")).toBe("Verification");
      expect(warned.at(-1)).toContain("No one-time code is pending for this address");
    }
  });

  it("issued before a secret rotation still works after it, and not once the old secret is dropped", async () => {
    const tables = createMemoryTables();
    const clock = { now: Date.now() };
    const store = new MemoryStore({ now: () => clock.now });
    const before = app({ tables, store, clock, config: { secret: OLD_SECRET } });
    const ada = await codeFor(before.config, before.outbox, "ada@example.test");
    const bob = await codeFor(before.config, before.outbox, "bob@example.test");
    const rotated = app({ tables, store, clock, config: { secret: [SECRET, OLD_SECRET] } });
    expect(await postCode(rotated.config, ada, "ada@example.test")).toBeNull();
    const dropped = app({ tables, store, clock, config: { secret: SECRET } });
    expect(await postCode(dropped.config, bob, "bob@example.test")).toBe("Verification");
  });
});

describe("five tries", () => {
  it("a right code after four wrong ones still signs in", async () => {
    const { config, outbox } = app();
    const code = await codeFor(config, outbox);
    for (let i = 1; i <= 4; i++) expect(await postCode(config, wrong(code, i))).toBe("Verification");
    expect(await postCode(config, code)).toBeNull();
  });

  it("a wrong code before the fifth leaves the link usable; the fifth voids code and link", async () => {
    const { config, outbox, tables, warned } = app();
    const code = await codeFor(config, outbox);
    expect(await postCode(config, wrong(code))).toBe("Verification");
    expect(warned.at(-1)).toContain("Verification: Wrong one-time code (attempt 1 of 5).");
    expect(tables.verificationTokens.size).toBe(1);
    for (let i = 2; i <= 5; i++) expect(await postCode(config, wrong(code, i))).toBe("Verification");
    expect(warned.at(-1)).toContain("Verification: Wrong one-time code (attempt 5 of 5).");
    expect(tables.verificationTokens.size).toBe(0);
    expect(await postCode(config, code)).toBe("Verification");
    expect(warned.at(-1)).toContain("No one-time code is pending for this address");
    expect(tables.users.size).toBe(0);
  });

  it("are counted per sign-in: another address's wrong codes, or an older mail's, do not count", async () => {
    const { config, outbox } = app();
    const bob = await codeFor(config, outbox, "bob@example.test");
    for (let i = 1; i <= 4; i++)
      expect(await postCode(config, wrong(bob, i), "bob@example.test")).toBe("Verification");
    const first = await codeFor(config, outbox, "ada@example.test");
    for (let i = 1; i <= 4; i++) expect(await postCode(config, wrong(first, i))).toBe("Verification");
    // A new mail: a new token, five fresh tries.
    const second = await codeFor(config, outbox, "ada@example.test");
    for (let i = 1; i <= 4; i++) {
      const guess = wrong(second, i);
      if (guess !== first) expect(await postCode(config, guess)).toBe("Verification");
    }
    expect(await postCode(config, second)).toBeNull();
    expect(await postCode(config, bob, "bob@example.test")).toBeNull();
  });
});

describe("racing right codes", () => {
  it("the ones that lose the race are told the code was already used, never reaching the token", async () => {
    const { config, outbox, warned, tables } = app();
    const code = await codeFor(config, outbox);
    const errors = await Promise.all(Array.from({ length: 4 }, () => postCode(config, code)));
    expect(errors.filter((error) => error === null)).toHaveLength(1);
    expect(tables.sessions.size).toBe(1);
    const refusals = warned.filter((line) => line.startsWith("Verification"));
    expect(refusals).toHaveLength(3);
    for (const line of refusals) expect(line).toContain("Verification: This one-time code was already used.");
  });
});

describe("guesses posted at once", () => {
  it("of 20 wrong codes, exactly five are compared; the rest are refused unseen", async () => {
    const { config, outbox, warned } = app();
    const code = await codeFor(config, outbox);
    const errors = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postCode(config, wrong(code, i + 1))),
    );
    expect(errors.every((error) => error === "Verification")).toBe(true);
    const compared = warned.filter((line) => line.includes("Wrong one-time code"));
    expect(compared.map((line) => /attempt (\d+) of 5/.exec(line)?.[1]).sort()).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
    const unseen = warned.filter(
      (line) =>
        line.includes("More than 5 codes were tried for this sign-in; it is void.") ||
        line.includes("No one-time code is pending for this address"),
    );
    expect(unseen).toHaveLength(15);
    expect(warned.some((line) => line.includes("More than 5 codes were tried"))).toBe(true);
  });
});

describe("the adapter", () => {
  it("names the step that failed when the token behind a right code cannot be used", async () => {
    const tables = createMemoryTables();
    const adapter: Adapter = {
      ...MemoryAdapter(tables),
      useVerificationToken: () => {
        throw new Error("database is down");
      },
    };
    const { config, outbox, logs } = app({ tables, adapter });
    const code = await codeFor(config, outbox);
    expect(await postCode(config, code)).toBe("Configuration");
    expect(logs.text()).toContain("The adapter failed to use the verification token.");
  });
});

describe("the store", () => {
  it("retries a write the store refuses, and gives up after three refusals without mailing", async () => {
    class Refusing extends MemoryStore {
      refusals: number;
      constructor(refusals: number) {
        super();
        this.refusals = refusals;
      }
      override async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
        if (this.refusals > 0) {
          this.refusals--;
          return false;
        }
        return super.setIfAbsent(key, value, ttlMs);
      }
    }
    const patient = app({ store: new Refusing(2) });
    const code = await codeFor(patient.config, patient.outbox);
    expect(await postCode(patient.config, code)).toBeNull();

    const stubborn = app({ store: new Refusing(3) });
    const response = await requestLink(stubborn.config, "ada@example.test");
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(stubborn.outbox.sent).toEqual([]);
    expect(stubborn.logs.text()).toContain(
      "Could not store the one-time code for email: the store kept refusing the write.",
    );
  });
});
