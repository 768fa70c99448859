/** English words of the two-factor pages: the challenge, the set-up and the recovery codes. */
import type { Plural } from "./email.js";

export const twoFactor = {
  twoFactor: "Two-factor authentication",
  twoFactorLead: "Your account has two-factor authentication.",
  stepUpLead: "Confirm it is you before you change your security settings.",
  codeFromApp: "Code from your authenticator app",
  codeFromMail: "Code from the e-mail",
  recoveryCode: "Recovery code",
  trustDevice: "Trust this device: don't ask for a second factor here for a while",
  verify: "Verify",
  confirm: "Confirm",
  usePasskey: "Use a passkey",
  passkeysNeedScriptShort: "Passkeys need JavaScript.",
  emailMeCode: "E-mail me a code",
  codeSent: "We sent a code to your e-mail address.",
  useRecoveryCode: "Use a recovery code",
  useApp: "Use your authenticator app",
  startAgain: "Start again",
  wrongCode:
    "That code did not work. Check the time on your phone and enter the code your authenticator app shows now; each code works once.",
  wrongRecoveryCode: "That recovery code did not work. Each recovery code works once; try another one.",
  wrongEmailCode:
    "That code did not work. Enter the code from the latest e-mail; each code works once, for a few minutes. You can send a new one.",
  wrongPasskey: "That passkey was not accepted. Use a passkey you added to this account, or another method.",
  setUp: "Set up two-factor authentication",
  scanCode:
    "Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Aegis), then enter the code it shows.",
  qrCode: "QR code of your authenticator secret",
  cannotScan: "Cannot scan it? Enter this key in the app instead:",
  turnOn: "Turn on two-factor authentication",
  recoveryCodes: "Your recovery codes",
  keepCodes:
    "Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.",
  download: "Download as a text file",
  continue: "Continue",
  usedRecoveryCode: "Signed in with a recovery code",
  lastRecoveryCode: "That was your last recovery code. Create new ones in your security settings now.",
  recoveryCodesLeft: {
    one: "You have {count} recovery code left. If you lost your authenticator app, set it up again in your security settings.",
    other:
      "You have {count} recovery codes left. If you lost your authenticator app, set it up again in your security settings.",
  } as Plural,
};
