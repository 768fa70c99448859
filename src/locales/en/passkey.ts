/** English words of the passkey script (pages/passkey-script.ts): what the page says when a passkey ceremony stops. */
export const passkey = {
  passkeyCancelled: "The passkey request was cancelled, timed out, or found no passkey for this site.",
  passkeyAlreadyHere: "This device already holds a passkey for this account.",
  passkeyWrongAddress: "Passkeys cannot be used on this address.",
  passkeyKindUnsupported: "This device cannot create a passkey of the kind this site needs.",
  passkeyNeedsEmail: "Enter your email address, then try again.",
  passkeysUnavailable:
    "Passkeys are unavailable right now. Try again in a few minutes, or choose another way to sign in.",
  passkeyNotStarted: "The passkey could not be started. Try again, or choose another way to sign in.",
  passkeyFailed: "The passkey could not be used.",
  passkeysUnsupported: "This browser does not support passkeys.",
};
