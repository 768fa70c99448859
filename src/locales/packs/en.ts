/**
 * English, whole: every key of the catalogue. The pages need no import of it (English is built
 * in, page by page); import it to start a new language from, or to list English among `locales`.
 */
import { email } from "../en/email.js";
import {
  credentialsErrors,
  emailErrors,
  errors,
  oauthErrors,
  organizationsErrors,
  passkeyErrors,
  twoFactorErrors,
} from "../en/errors.js";
import { invitation } from "../en/invitation.js";
import { pages } from "../en/pages.js";
import { passkey } from "../en/passkey.js";
import { twoFactor } from "../en/two-factor.js";
import { language } from "../language.js";

export default language("en", {
  ...pages,
  ...email,
  ...twoFactor,
  ...invitation,
  ...passkey,
  // The words of every error, those the flows and features carry included (en/errors.ts).
  errors: {
    ...errors,
    ...oauthErrors,
    ...emailErrors,
    ...credentialsErrors,
    ...passkeyErrors,
    ...twoFactorErrors,
    ...organizationsErrors,
  },
});
