/**
 * Revoking a user's sessions also ends the browsers they trusted to skip the second factor
 * (two-factor sign-in's "trust this device"): their two-factor record's `trustedDevicesSince`
 * moves to now, and every trusted-device cookie issued before it is void. Without two-factor
 * storage, or for a user without a record, there is nothing to end.
 */
import { callAdapter } from "../core/adapter-calls.js";
import type { ResolvedConfig } from "../core/resolved-config.js";

export async function voidTrustedDevices(config: ResolvedConfig, userId: string): Promise<void> {
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
