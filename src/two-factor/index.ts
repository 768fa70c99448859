/**
 * Two-factor primitives: TOTP codes (RFC 4226 / RFC 6238), recovery codes, sealed TOTP secrets
 * and the enrolment QR code. Pure and runtime-neutral; the routes and pages build on them.
 */
export { base32Decode, base32Encode } from "./base32.js";
export { type QrCodeSvgOptions, qrCodeSvg } from "./qr-svg.js";
export {
  DEFAULT_RECOVERY_CODE_COUNT,
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  RECOVERY_CODE_BITS,
} from "./recovery-codes.js";
export {
  type OpenedTotpSecret,
  openTotpSecret,
  openTotpSecretWith,
  sealTotpSecret,
} from "./sealed-secret.js";
export {
  DEFAULT_TOTP_DIGITS,
  DEFAULT_TOTP_PERIOD,
  generateHotp,
  generateTotp,
  newTotpSecret,
  type OtpauthUriInput,
  otpauthUri,
  TOTP_SECRET_BYTES,
  type TotpOptions,
  totpStep,
  type VerifyTotpOptions,
  verifyTotp,
} from "./totp.js";
