/**
 * The `twoFactor` option, checked once per configuration: what is offered, who must pass it, and
 * for how long each step is good. Every mistake is refused at startup with the fix in the message.
 */
import type { TwoFactorOptions, TwoFactorUser } from "../config.js";
import { InvalidConfig } from "../core/errors.js";

/** The second factors an app may offer (`twoFactor.methods`); recovery codes come with "totp". */
export type OfferedMethod = TwoFactorOptions["methods"][number];

export interface TwoFactorSettings {
  /** What the app offers, always with "totp" (enrolment is an authenticator app). */
  methods: ReadonlyArray<OfferedMethod>;
  /** Seconds a trusted-device cookie skips the second factor; undefined when the app does not offer it. */
  trustDeviceMaxAge: number | undefined;
  required: "always" | "enrolled" | ((user: TwoFactorUser) => boolean | Promise<boolean>);
  issuer: string | undefined;
  /** Seconds from the first factor to the second. */
  pendingMaxAge: number;
  /** Seconds a second factor counts as recent for the changes that need one. */
  recentAuthMaxAge: number;
}

/** Five minutes: time to find the phone and type a code, not long enough to matter if the cookie leaks. */
const DEFAULT_PENDING_MAX_AGE = 300;
const DEFAULT_RECENT_AUTH_MAX_AGE = 300;

function seconds(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 30 || value > 86_400) {
    throw new InvalidConfig(
      `twoFactor.${name} must be a whole number of seconds from 30 to 86400 (got ${String(value)}); the default is ${fallback}.`,
    );
  }
  return value;
}

/** `trustDevice: { maxAge }` in days (1 to 400, a browser's longest cookie lifetime), as seconds. */
function trustDeviceSeconds(option: TwoFactorOptions["trustDevice"]): number | undefined {
  if (option === undefined) return undefined;
  const days = typeof option === "object" && option !== null ? option.maxAge : undefined;
  if (typeof days !== "number" || !Number.isSafeInteger(days) || days < 1 || days > 400) {
    throw new InvalidConfig(
      `twoFactor.trustDevice.maxAge must be a whole number of days from 1 to 400 (got ${String(days)}), e.g. trustDevice: { maxAge: 30 }.`,
    );
  }
  return days * 86_400;
}

function resolveTwoFactorSettings(options: TwoFactorOptions): TwoFactorSettings {
  if (typeof options !== "object" || options === null) {
    throw new InvalidConfig('twoFactor must be an object, e.g. twoFactor: { methods: ["totp"] }.');
  }
  const { methods, required = "enrolled", issuer } = options;
  if (!Array.isArray(methods) || methods.length === 0) {
    throw new InvalidConfig(
      'twoFactor.methods must list the second factors offered, e.g. methods: ["totp"].',
    );
  }
  for (const method of methods) {
    if (method !== "totp" && method !== "passkey" && method !== "email") {
      throw new InvalidConfig(
        `twoFactor.methods: unknown method ${JSON.stringify(method)}; the methods are "totp", "passkey" and "email".`,
      );
    }
  }
  if (!methods.includes("totp")) {
    throw new InvalidConfig(
      'twoFactor.methods must include "totp": users enrol an authenticator app, and "passkey" and "email" are further ways to pass the same second step.',
    );
  }
  if (required !== "always" && required !== "enrolled" && typeof required !== "function") {
    throw new InvalidConfig(
      `twoFactor.required must be "always", "enrolled" or a function of the user (got ${JSON.stringify(required)}).`,
    );
  }
  if (issuer !== undefined && (typeof issuer !== "string" || issuer.trim() === "" || issuer.includes(":"))) {
    throw new InvalidConfig(
      "twoFactor.issuer must be a non-empty name without a colon (authenticator apps show it; the otpauth:// label reserves the colon).",
    );
  }
  return {
    methods: [...new Set(methods)],
    trustDeviceMaxAge: trustDeviceSeconds(options.trustDevice),
    required,
    issuer,
    pendingMaxAge: seconds("pendingMaxAge", options.pendingMaxAge, DEFAULT_PENDING_MAX_AGE),
    recentAuthMaxAge: seconds("recentAuthMaxAge", options.recentAuthMaxAge, DEFAULT_RECENT_AUTH_MAX_AGE),
  };
}

const resolved = new WeakMap<TwoFactorOptions, TwoFactorSettings>();

/** The configuration's two-factor settings, for the server-side functions; refused when `twoFactor` is not set. */
export function twoFactorSettingsOf(options: TwoFactorOptions | undefined): TwoFactorSettings {
  if (options === undefined) {
    throw new InvalidConfig(
      'Two-factor functions need `twoFactor` in the config, e.g. twoFactor: { methods: ["totp"] }.',
    );
  }
  let settings = resolved.get(options);
  if (settings === undefined) {
    settings = resolveTwoFactorSettings(options);
    resolved.set(options, settings);
  }
  return settings;
}
