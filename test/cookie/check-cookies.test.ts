import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHECK_COOKIE_MAX_AGE_SECONDS,
  type CheckKind,
  clearCheckCookie,
  openCheckCookie,
  sealCheckCookie,
} from "../../src/cookie/check-cookies.js";
import { parseCookieHeader, serializeCookie } from "../../src/cookie/header.js";
import { type CookieRole, defaultCookies } from "../../src/cookie/names.js";
import { createJwtCodec } from "../../src/jwt/codec.js";
import { flipBit, OTHER_SECRET, runtimes, SECRET } from "../jwt/support.js";
import { attributesOf, CookieJar } from "./jar.js";

const cookies = defaultCookies(true);
const kinds: Array<[CheckKind, CookieRole]> = [
  ["state", "state"],
  ["pkce", "pkceCodeVerifier"],
  ["nonce", "nonce"],
  ["challenge", "webauthnChallenge"],
];
const VALUE = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

afterEach(() => {
  vi.useRealTimers();
});

describe.each(runtimes)("check cookies with %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);

  const seal = (
    overrides: {
      check?: CheckKind;
      providerId?: string;
      secret?: string | string[];
      role?: CookieRole;
      maxAge?: number;
    } = {},
  ) =>
    sealCheckCookie({
      codec,
      check: overrides.check ?? "state",
      value: VALUE,
      providerId: overrides.providerId ?? "github",
      cookie: cookies[overrides.role ?? "state"],
      secret: overrides.secret ?? SECRET,
      ...(overrides.maxAge === undefined ? {} : { maxAge: overrides.maxAge }),
    });

  /** Opens whatever the browser would send back after receiving `setCookie`. */
  const open = (
    cookieHeader: string,
    expected: { check?: CheckKind; providerId?: string; secret?: string | string[]; role?: CookieRole } = {},
  ) =>
    openCheckCookie({
      codec,
      check: expected.check ?? "state",
      providerId: expected.providerId ?? "github",
      cookie: cookies[expected.role ?? "state"],
      secret: expected.secret ?? SECRET,
      cookies: parseCookieHeader(cookieHeader),
    });

  const roundTrip = async (sealed: Awaited<ReturnType<typeof seal>>) =>
    new CookieJar().apply([serializeCookie(sealed)]).header();

  it.each(kinds)("round-trips a %s cookie through Set-Cookie and Cookie headers", async (check, role) => {
    const sealed = await seal({ check, role });
    expect(sealed.name).toBe(cookies[role].name);
    expect(await open(await roundTrip(sealed), { check, role })).toBe(VALUE);
  });

  it("seals the value: the cookie is a compact JWE that does not contain it", async () => {
    const sealed = await seal();
    expect(sealed.value.split(".")).toHaveLength(5);
    expect(sealed.value).not.toContain(VALUE);
  });

  it("sets a 15-minute, HttpOnly, SameSite=Lax, Secure cookie on Path=/", async () => {
    expect(CHECK_COOKIE_MAX_AGE_SECONDS).toBe(900);
    const setCookie = serializeCookie(await seal());
    expect(attributesOf(setCookie)).toEqual(["HttpOnly", "Max-Age=900", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("rejects a state cookie minted for another provider", async () => {
    const header = await roundTrip(await seal({ providerId: "google" }));
    expect(await open(header, { providerId: "github" })).toBeNull();
    expect(await open(header, { providerId: "google" })).toBe(VALUE);
  });

  it("rejects a cookie minted for another check kind under the same cookie name", async () => {
    const header = await roundTrip(await seal({ check: "pkce", role: "state" }));
    expect(await open(header, { check: "state", role: "state" })).toBeNull();
    expect(await open(header, { check: "pkce", role: "state" })).toBe(VALUE);
  });

  it("rejects a state value replayed in the nonce cookie", async () => {
    const state = await seal({ check: "nonce", role: "state" });
    const header = `${cookies.nonce.name}=${state.value}`;
    expect(await open(header, { check: "nonce", role: "nonce" })).toBeNull();
  });

  it("rejects a state cookie once its 15 minutes and the clock tolerance have passed", async () => {
    const start = new Date("2033-03-03T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const header = await roundTrip(await seal());
    vi.setSystemTime(start.getTime() + (15 * 60 - 1) * 1000);
    expect(await open(header)).toBe(VALUE);
    vi.setSystemTime(start.getTime() + (15 * 60 + 15) * 1000);
    expect(await open(header)).toBeNull();
  });

  it("honours a shorter maxAge in both the cookie and the sealed token", async () => {
    const start = new Date("2033-03-03T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const sealed = await seal({ maxAge: 60 });
    expect(attributesOf(serializeCookie(sealed))).toContain("Max-Age=60");
    vi.setSystemTime(start.getTime() + 75 * 1000);
    expect(await open(await roundTrip(sealed))).toBeNull();
  });

  it("rejects a cookie sealed with another secret, and accepts it while that secret is still listed", async () => {
    const header = await roundTrip(await seal({ secret: OTHER_SECRET }));
    expect(await open(header)).toBeNull();
    expect(await open(header, { secret: [SECRET, OTHER_SECRET] })).toBe(VALUE);
  });

  it("rejects a forged cookie: a plain value, a token with the right claims but another secret, a JWS", async () => {
    const name = cookies.state.name;
    expect(await open(`${name}=${VALUE}`)).toBeNull();
    const forged = await codec.encode({
      token: { value: VALUE, provider: "github", check: "state" },
      secret: "attacker-chosen-secret-0000000000",
      salt: name,
    });
    expect(await open(`${name}=${forged}`)).toBeNull();
    expect(await open(`${name}=eyJhbGciOiJIUzI1NiJ9.eyJ2YWx1ZSI6IngifQ.c2ln`)).toBeNull();
  });

  it("rejects a tampered cookie (one bit flipped in each segment)", async () => {
    const sealed = await seal();
    const segmentStarts = [0, ...[...sealed.value].flatMap((c, i) => (c === "." ? [i + 1] : []))];
    for (const start of segmentStarts) {
      if (sealed.value[start] === "." || start >= sealed.value.length) continue;
      const tampered = flipBit(sealed.value, start, 1);
      expect(await open(`${cookies.state.name}=${tampered}`)).toBeNull();
    }
  });

  it("rejects a sealed token whose value claim is not a string", async () => {
    const name = cookies.state.name;
    const token = await codec.encode({
      token: { value: 42, provider: "github", check: "state" },
      secret: SECRET,
      salt: name,
    });
    expect(await open(`${name}=${token}`)).toBeNull();
  });

  it("returns null when the cookie is missing or empty", async () => {
    expect(await open("")).toBeNull();
    expect(await open("other=1")).toBeNull();
    expect(await open(`${cookies.state.name}=`)).toBeNull();
  });
});

describe("clearCheckCookie", () => {
  it.each(kinds)("expires the %s cookie with the attributes it was set with", (_check, role) => {
    const setCookie = serializeCookie(clearCheckCookie(cookies[role]));
    expect(setCookie.startsWith(`${cookies[role].name}=;`)).toBe(true);
    expect(attributesOf(setCookie)).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("removes the cookie from a browser that holds it", async () => {
    const codec = createJwtCodec(runtimes[0]![1]);
    const jar = new CookieJar();
    jar.apply([
      serializeCookie(
        await sealCheckCookie({
          codec,
          check: "nonce",
          value: "n",
          providerId: "oidc",
          cookie: cookies.nonce,
          secret: SECRET,
        }),
      ),
    ]);
    expect(jar.cookies.has(cookies.nonce.name)).toBe(true);
    jar.apply([serializeCookie(clearCheckCookie(cookies.nonce))]);
    expect(jar.cookies.has(cookies.nonce.name)).toBe(false);
  });
});
