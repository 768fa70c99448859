/**
 * Ending all of a user's sessions (an admin's "sign out everywhere", the user's "sign out
 * everywhere else", the first proof of their address) also ends the browsers they trusted to skip
 * the second factor (two-factor sign-in's "trust this device"): a trusted browser would otherwise
 * start a new session with the password alone. The user's two-factor record's `trustedDevicesSince`
 * moves to now, and every trusted-device cookie issued before it is void.
 */
import type { SignOutReason } from "../config.js";
import { callAdapter } from "../core/adapter-calls.js";
import type { RequestConfig } from "../core/context.js";

/** Ends every session of the user but `except` (none kept when undefined) and voids their trusted devices; resolves to how many sessions ended. */
export async function revokeAllSessions(
  config: RequestConfig,
  userId: string,
  except: string | undefined,
  reason: SignOutReason,
): Promise<number> {
  const ended = await config.sessions.revoke(config, userId, { allExcept: except }, reason);
  await voidTrustedDevices(config, userId);
  return ended;
}

/** Without two-factor storage, or for a user without a record, there is nothing to void. */
async function voidTrustedDevices(config: RequestConfig, userId: string): Promise<void> {
  const { adapter } = config;
  const { getTwoFactor, setTwoFactor } = adapter ?? {};
  if (!getTwoFactor || !setTwoFactor) return;
  // setTwoFactor replaces every field but the spent TOTP step (which never moves back): read the
  // record just before writing it back, so the other fields are current.
  const record = await callAdapter("read the two-factor record", () => getTwoFactor.call(adapter, userId));
  if (!record) return;
  await callAdapter("void trusted devices", () =>
    setTwoFactor.call(adapter, { ...record, trustedDevicesSince: new Date() }),
  );
}
