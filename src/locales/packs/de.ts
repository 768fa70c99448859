/** German (Deutsch). */
import { language } from "../language.js";

const AGAIN = "Melde dich erneut an.";
const EXISTS = "Konto existiert bereits";
const BRIEFLY: [string, string] = [
  "Vorübergehend nicht verfügbar",
  "Die Anmeldung ist auf dieser Website kurz nicht verfügbar. Bitte versuche es später noch einmal.",
];

export default language("de", {
  dir: "ltr",
  signIn: "Anmelden",
  signInWith: "Mit {provider} anmelden",
  or: "oder",
  noMethods: "Es sind keine Anmeldemethoden eingerichtet.",
  email: "E-Mail",
  emailPlaceholder: "du@example.com",
  createPasskey: "Passkey erstellen",
  passkeysNeedScript: "Passkeys brauchen JavaScript. Aktiviere es oder wähle eine andere Methode.",
  signOut: "Abmelden",
  signOutQuestion: "Möchtest du dich wirklich abmelden?",
  checkEmail: "Prüfe deine E-Mails",
  linkSent:
    "Wir haben dir einen Anmeldelink per E-Mail geschickt. Öffne ihn auf diesem Gerät, um fortzufahren.",
  linkNote:
    "Der Link läuft bald ab und funktioniert nur einmal. Wenn er nicht ankommt, sieh in deinem Spam-Ordner nach.",
  orEnterCode: "Oder gib den 6-stelligen Code aus der E-Mail ein:",
  codeFromEmail: "Code aus der E-Mail",
  signInWithCode: "Mit Code anmelden",
  codeExpired: "Dieser Code ist abgelaufen oder wurde bereits verwendet. Fordere einen neuen Code an.",
  codeLastTry: "Dieser Code ist nicht richtig, und das war der letzte Versuch. Fordere einen neuen Code an.",
  codeWrong: {
    one: "Dieser Code ist nicht richtig. Prüfe den Code in der neuesten E-Mail und versuche es noch einmal: noch {count} Versuch.",
    other:
      "Dieser Code ist nicht richtig. Prüfe den Code in der neuesten E-Mail und versuche es noch einmal: noch {count} Versuche.",
  },
  sendNewCode: "Neuen Code senden",
  newCode: "Wir schicken dir einen neuen Link und Code per E-Mail.",
  newCodeTo: "Wir schicken einen neuen Link und Code an {email}.",
  backTo: "Zurück zu {host}",
  returnTo: "Du kannst diese Seite schließen und zu {host} zurückkehren.",
  confirmSignIn: "Anmeldung bestätigen",
  continueAs: "Weiter anmelden als {email}.",
  confirmNote:
    "Dieser Link funktioniert nur einmal. Wenn du keine Anmeldung angefordert hast, schließe diese Seite.",
  mailSubject: "Bei {host} anmelden",
  mailCode: "Oder gib diesen Code auf der Anmeldeseite ein:",
  mailIgnore: "Wenn du diese E-Mail nicht angefordert hast, kannst du sie einfach ignorieren.",
  codeMailSubject: "Dein Anmeldecode für {host}",
  codeMailLead: "Gib diesen Code ein, um die Anmeldung abzuschließen:",
  codeMailExpiry: "Der Code funktioniert einmal, {minutes} lang.",
  codeMailOpen: "Anmeldeseite öffnen",
  twoFactor: "Zwei-Faktor-Authentifizierung",
  twoFactorLead: "Dein Konto ist mit Zwei-Faktor-Authentifizierung geschützt.",
  stepUpLead: "Bestätige, dass du es bist, bevor du deine Sicherheitseinstellungen änderst.",
  codeFromApp: "Code aus deiner Authenticator-App",
  codeFromMail: "Code aus der E-Mail",
  recoveryCode: "Wiederherstellungscode",
  trustDevice: "Diesem Gerät vertrauen: hier eine Weile nicht nach dem zweiten Faktor fragen",
  verify: "Bestätigen",
  confirm: "Bestätigen",
  usePasskey: "Passkey verwenden",
  passkeysNeedScriptShort: "Passkeys brauchen JavaScript.",
  emailMeCode: "Code per E-Mail senden",
  codeSent: "Wir haben dir einen Code per E-Mail geschickt.",
  useRecoveryCode: "Wiederherstellungscode verwenden",
  useApp: "Authenticator-App verwenden",
  startAgain: "Neu beginnen",
  wrongCode:
    "Dieser Code hat nicht funktioniert. Prüfe die Uhrzeit auf deinem Telefon und gib den Code ein, den deine Authenticator-App gerade anzeigt; jeder Code funktioniert nur einmal.",
  wrongRecoveryCode:
    "Dieser Wiederherstellungscode hat nicht funktioniert. Jeder Wiederherstellungscode funktioniert nur einmal; versuche einen anderen.",
  wrongEmailCode:
    "Dieser Code hat nicht funktioniert. Gib den Code aus der neuesten E-Mail ein; jeder Code funktioniert einmal und nur wenige Minuten lang. Du kannst einen neuen anfordern.",
  wrongPasskey:
    "Dieser Passkey wurde nicht akzeptiert. Verwende einen Passkey, den du zu diesem Konto hinzugefügt hast, oder eine andere Methode.",
  setUp: "Zwei-Faktor-Authentifizierung einrichten",
  scanCode:
    "Scanne diesen QR-Code mit einer Authenticator-App (zum Beispiel 1Password, Google Authenticator oder Aegis) und gib dann den angezeigten Code ein.",
  qrCode: "QR-Code deines Authenticator-Schlüssels",
  cannotScan: "Scannen klappt nicht? Gib stattdessen diesen Schlüssel in der App ein:",
  turnOn: "Zwei-Faktor-Authentifizierung einschalten",
  recoveryCodes: "Deine Wiederherstellungscodes",
  keepCodes:
    "Bewahre diese Wiederherstellungscodes an einem sicheren Ort auf. Mit jedem kannst du dich einmal anmelden, falls du deine Authenticator-App verlierst. Sie werden nur jetzt angezeigt.",
  download: "Als Textdatei herunterladen",
  continue: "Weiter",
  usedRecoveryCode: "Mit einem Wiederherstellungscode angemeldet",
  lastRecoveryCode:
    "Das war dein letzter Wiederherstellungscode. Erstelle jetzt in deinen Sicherheitseinstellungen neue.",
  recoveryCodesLeft: {
    one: "Du hast noch {count} Wiederherstellungscode. Falls du deine Authenticator-App verloren hast, richte sie in deinen Sicherheitseinstellungen neu ein.",
    other:
      "Du hast noch {count} Wiederherstellungscodes. Falls du deine Authenticator-App verloren hast, richte sie in deinen Sicherheitseinstellungen neu ein.",
  },
  invitationSubject: "{inviter} hat dich zu {organization} eingeladen",
  invitationBody: "{inviter} hat dich eingeladen, {organization} als {role} beizutreten.",
  invitationAccept: "Einladung annehmen",
  invitationIgnore: "Wenn du diese Einladung nicht erwartet hast, kannst du diese E-Mail ignorieren.",
  passkeyCancelled:
    "Die Passkey-Anfrage wurde abgebrochen, ist abgelaufen oder hat keinen Passkey für diese Website gefunden.",
  passkeyAlreadyHere: "Auf diesem Gerät gibt es schon einen Passkey für dieses Konto.",
  passkeyWrongAddress: "Unter dieser Adresse können keine Passkeys verwendet werden.",
  passkeyKindUnsupported: "Dieses Gerät kann keinen Passkey der Art erstellen, die diese Website braucht.",
  passkeyNeedsEmail: "Gib deine E-Mail-Adresse ein und versuche es dann noch einmal.",
  passkeysUnavailable:
    "Passkeys sind gerade nicht verfügbar. Versuche es in ein paar Minuten noch einmal oder wähle eine andere Anmeldemethode.",
  passkeyNotStarted:
    "Der Passkey konnte nicht gestartet werden. Versuche es noch einmal oder wähle eine andere Anmeldemethode.",
  passkeyFailed: "Der Passkey konnte nicht verwendet werden.",
  passkeysUnsupported: "Dieser Browser unterstützt keine Passkeys.",
  errors: {
    Configuration: [
      "Anmeldung nicht verfügbar",
      "Auf dieser Website ist etwas schiefgelaufen, nicht bei dir. Versuche es in ein paar Minuten noch einmal. Wenn das Problem bleibt, wende dich an die Betreiber der Website.",
    ],
    AccessDenied: [
      "Zugriff verweigert",
      "Dieses Konto darf sich hier nicht anmelden. Versuche es mit einem anderen Konto oder wende dich an die Betreiber der Website, wenn du das für einen Fehler hältst.",
    ],
    Verification: [
      "Link nicht mehr gültig",
      "Dieser Anmeldelink ist abgelaufen oder wurde bereits verwendet. Fordere auf der Anmeldeseite einen neuen an.",
    ],
    InvalidCheck: [
      "Anmeldung abgelaufen",
      `Die Anmeldung hat zu lange gedauert oder wurde in einem anderen Browser abgeschlossen als dem, in dem sie begonnen hat. ${AGAIN}`,
    ],
    MissingCSRF: [
      "Formular abgelaufen",
      "Das Anmeldeformular war abgelaufen, oder dein Browser hat sein Cookie nicht gesendet. Versuche es noch einmal; wenn es weiter scheitert, erlaube Cookies für diese Website.",
    ],
    OAuthSignInError: [
      "Anbieter nicht erreichbar",
      "Die Anmeldung über diesen Anbieter konnte nicht starten. Versuche es in ein paar Minuten noch einmal oder wähle eine andere Anmeldemethode.",
    ],
    OAuthCallbackError: [
      "Anmeldung nicht abgeschlossen",
      "Der Anbieter hat deine Anmeldung nicht abgeschlossen. Versuche es noch einmal oder wähle eine andere Anmeldemethode.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "Zu dieser E-Mail-Adresse gibt es schon ein Konto, das sich anders anmeldet. Melde dich so an wie bisher; danach kannst du diesen Anbieter verknüpfen.",
    ],
    AccountNotLinked: [
      EXISTS,
      "Zu dieser E-Mail-Adresse gibt es schon ein Konto, das sich anders anmeldet. Melde dich so an wie bisher; danach kannst du diese Anmeldemethode hinzufügen.",
    ],
    EmailSignInError: [
      "E-Mail nicht gesendet",
      "Die Anmelde-E-Mail konnte nicht gesendet werden. Prüfe die Adresse und versuche es in ein paar Minuten noch einmal.",
    ],
    CredentialsSignin: [
      "Anmeldung fehlgeschlagen",
      "Diese Angaben passen zu keinem Konto. Prüfe sie und versuche es noch einmal.",
    ],
    InvalidTwoFactorCode: [
      "Code nicht akzeptiert",
      "Dieser Code hat nicht funktioniert oder wurde schon verwendet. Versuche es mit dem Code, den deine Authenticator-App gerade anzeigt, oder verwende einen deiner Wiederherstellungscodes.",
    ],
    RateLimited: [
      "Zu viele Versuche",
      "Es gab zu viele Anmeldeversuche. Warte ein paar Minuten und versuche es dann noch einmal.",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "Passkey nicht akzeptiert",
      "Dein Passkey konnte nicht überprüft werden. Versuche es noch einmal oder wähle eine andere Anmeldemethode.",
    ],
    UnknownAction: [
      "Seite nicht gefunden",
      "Unter dieser Adresse gibt es keine Anmeldeseite. Prüfe den Link oder geh zur Anmeldeseite.",
    ],
    InvalidProvider: [
      "Anmeldemethode nicht gefunden",
      "Diese Website bietet diese Anmeldemethode nicht an. Wähle auf der Anmeldeseite eine der angebotenen.",
    ],
    default: ["Anmeldung fehlgeschlagen", `Wir konnten dich nicht anmelden. ${AGAIN}`],
  },
});
