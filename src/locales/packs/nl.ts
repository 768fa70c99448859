/** Dutch (Nederlands). */
import { language } from "../language.js";

const EXISTS = "Account bestaat al";
const BRIEFLY: [string, string] = [
  "Tijdelijk niet beschikbaar",
  "Inloggen is op deze site even niet mogelijk. Probeer het later opnieuw.",
];

export default language("nl", {
  dir: "ltr",
  signIn: "Inloggen",
  signInWith: "Inloggen met {provider}",
  or: "of",
  noMethods: "Er zijn geen inlogmethoden ingesteld.",
  email: "E-mailadres",
  emailPlaceholder: "jij@example.com",
  createPasskey: "Passkey aanmaken",
  passkeysNeedScript: "Passkeys hebben JavaScript nodig. Zet het aan of kies een andere methode.",
  signOut: "Uitloggen",
  signOutQuestion: "Weet je zeker dat je wilt uitloggen?",
  checkEmail: "Check je e-mail",
  linkSent:
    "We hebben een inloglink naar je e-mailadres gestuurd. Open hem op dit apparaat om verder te gaan.",
  linkNote: "De link verloopt binnenkort en werkt één keer. Komt hij niet aan? Kijk dan in je spammap.",
  orEnterCode: "Of vul de 6-cijferige code uit de e-mail in:",
  codeFromEmail: "Code uit de e-mail",
  signInWithCode: "Inloggen met code",
  codeExpired: "Deze code is verlopen of al gebruikt. Vraag een nieuwe code aan.",
  codeLastTry: "Deze code klopt niet, en dat was de laatste poging. Vraag een nieuwe code aan.",
  codeWrong: {
    one: "Deze code klopt niet. Controleer de code in de nieuwste e-mail en probeer het opnieuw: nog {count} poging.",
    other:
      "Deze code klopt niet. Controleer de code in de nieuwste e-mail en probeer het opnieuw: nog {count} pogingen.",
  },
  sendNewCode: "Nieuwe code sturen",
  newCode: "We sturen je een nieuwe link en code per e-mail.",
  newCodeTo: "We sturen een nieuwe link en code naar {email}.",
  backTo: "Terug naar {host}",
  returnTo: "Je kunt deze pagina sluiten en teruggaan naar {host}.",
  confirmSignIn: "Inloggen bevestigen",
  continueAs: "Verder inloggen als {email}.",
  confirmNote: "Deze link werkt één keer. Heb je niet gevraagd om in te loggen? Sluit dan deze pagina.",
  mailSubject: "Inloggen bij {host}",
  mailCode: "Of vul deze code in op de inlogpagina:",
  mailIgnore: "Heb je deze e-mail niet aangevraagd? Dan kun je hem gerust negeren.",
  codeMailSubject: "Je inlogcode voor {host}",
  codeMailLead: "Vul deze code in om het inloggen af te ronden:",
  codeMailExpiry: "De code werkt één keer, {minutes} lang.",
  codeMailOpen: "Inlogpagina openen",
  twoFactor: "Tweestapsverificatie",
  twoFactorLead: "Je account gebruikt tweestapsverificatie.",
  stepUpLead: "Bevestig dat jij het bent voordat je je beveiligingsinstellingen wijzigt.",
  codeFromApp: "Code uit je authenticator-app",
  codeFromMail: "Code uit de e-mail",
  recoveryCode: "Herstelcode",
  trustDevice: "Dit apparaat vertrouwen: hier een tijdje niet om een tweede stap vragen",
  verify: "Verifiëren",
  confirm: "Bevestigen",
  usePasskey: "Passkey gebruiken",
  passkeysNeedScriptShort: "Passkeys hebben JavaScript nodig.",
  emailMeCode: "Stuur me een code per e-mail",
  codeSent: "We hebben een code naar je e-mailadres gestuurd.",
  useRecoveryCode: "Herstelcode gebruiken",
  useApp: "Authenticator-app gebruiken",
  startAgain: "Opnieuw beginnen",
  wrongCode:
    "Deze code werkte niet. Controleer de tijd op je telefoon en vul de code in die je authenticator-app nu toont; elke code werkt één keer.",
  wrongRecoveryCode: "Deze herstelcode werkte niet. Elke herstelcode werkt één keer; probeer een andere.",
  wrongEmailCode:
    "Deze code werkte niet. Vul de code uit de nieuwste e-mail in; elke code werkt één keer, een paar minuten lang. Je kunt een nieuwe laten sturen.",
  wrongPasskey:
    "Deze passkey werd niet geaccepteerd. Gebruik een passkey die je aan dit account hebt toegevoegd, of een andere methode.",
  setUp: "Tweestapsverificatie instellen",
  scanCode:
    "Scan deze QR-code met een authenticator-app (zoals 1Password, Google Authenticator of Aegis) en vul daarna de code in die de app toont.",
  qrCode: "QR-code van je authenticator-geheim",
  cannotScan: "Lukt scannen niet? Vul dan deze sleutel in de app in:",
  turnOn: "Tweestapsverificatie aanzetten",
  recoveryCodes: "Je herstelcodes",
  keepCodes:
    "Bewaar deze herstelcodes op een veilige plek. Met elke code kun je één keer inloggen als je je authenticator-app kwijtraakt. Ze worden alleen nu getoond.",
  download: "Downloaden als tekstbestand",
  continue: "Doorgaan",
  usedRecoveryCode: "Ingelogd met een herstelcode",
  lastRecoveryCode: "Dat was je laatste herstelcode. Maak nu nieuwe aan in je beveiligingsinstellingen.",
  recoveryCodesLeft: {
    one: "Je hebt nog {count} herstelcode. Ben je je authenticator-app kwijt? Stel hem dan opnieuw in via je beveiligingsinstellingen.",
    other:
      "Je hebt nog {count} herstelcodes. Ben je je authenticator-app kwijt? Stel hem dan opnieuw in via je beveiligingsinstellingen.",
  },
  invitationSubject: "{inviter} heeft je uitgenodigd voor {organization}",
  invitationBody: "{inviter} heeft je uitgenodigd om lid te worden van {organization} als {role}.",
  invitationAccept: "Uitnodiging accepteren",
  invitationIgnore: "Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.",
  passkeyCancelled:
    "Het passkeyverzoek is geannuleerd, verlopen of heeft geen passkey voor deze site gevonden.",
  passkeyAlreadyHere: "Dit apparaat heeft al een passkey voor dit account.",
  passkeyWrongAddress: "Passkeys kunnen op dit adres niet worden gebruikt.",
  passkeyKindUnsupported: "Dit apparaat kan geen passkey maken van het soort dat deze site nodig heeft.",
  passkeyNeedsEmail: "Vul je e-mailadres in en probeer het opnieuw.",
  passkeysUnavailable:
    "Passkeys zijn nu niet beschikbaar. Probeer het over een paar minuten opnieuw, of kies een andere manier om in te loggen.",
  passkeyNotStarted:
    "De passkey kon niet worden gestart. Probeer het opnieuw, of kies een andere manier om in te loggen.",
  passkeyFailed: "De passkey kon niet worden gebruikt.",
  passkeysUnsupported: "Deze browser ondersteunt geen passkeys.",
  errors: {
    Configuration: [
      "Inloggen is niet beschikbaar",
      "Er ging iets mis op deze site, niet door iets wat jij deed. Probeer het over een paar minuten opnieuw. Blijft het gebeuren? Neem dan contact op met de beheerder van de site.",
    ],
    AccessDenied: [
      "Toegang geweigerd",
      "Dit account mag hier niet inloggen. Probeer een ander account, of neem contact op met de beheerder van de site als je denkt dat dit een vergissing is.",
    ],
    Verification: [
      "Link niet meer geldig",
      "Deze inloglink is verlopen of al gebruikt. Ga naar de inlogpagina en vraag een nieuwe aan.",
    ],
    InvalidCheck: [
      "Inloggen verlopen",
      "Het inloggen duurde te lang, of werd afgerond in een andere browser dan waarin het begon. Begin opnieuw met inloggen.",
    ],
    MissingCSRF: [
      "Formulier verlopen",
      "Het inlogformulier was verlopen, of je browser stuurde de cookie niet mee. Probeer het opnieuw; lukt het steeds niet, sta dan cookies toe voor deze site.",
    ],
    OAuthSignInError: [
      "Provider niet bereikbaar",
      "We konden het inloggen met die provider niet starten. Probeer het over een paar minuten opnieuw, of kies een andere manier om in te loggen.",
    ],
    OAuthCallbackError: [
      "Inloggen niet afgerond",
      "De provider heeft het inloggen niet afgerond. Probeer het opnieuw, of kies een andere manier om in te loggen.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "Bij dit e-mailadres hoort al een account dat op een andere manier inlogt. Log in zoals je eerder deed; daarna kun je deze provider koppelen.",
    ],
    AccountNotLinked: [
      EXISTS,
      "Bij dit e-mailadres hoort al een account dat op een andere manier inlogt. Log in zoals je eerder deed; daarna kun je deze manier van inloggen toevoegen.",
    ],
    EmailSignInError: [
      "E-mail niet verstuurd",
      "We konden de inlogmail niet versturen. Controleer het adres en probeer het over een paar minuten opnieuw.",
    ],
    CredentialsSignin: [
      "Inloggen mislukt",
      "Deze gegevens horen bij geen enkel account. Controleer ze en probeer het opnieuw.",
    ],
    InvalidTwoFactorCode: [
      "Code niet geaccepteerd",
      "Deze code werkte niet of is al gebruikt. Probeer het opnieuw met de code die je authenticator-app nu toont, of gebruik een van je herstelcodes.",
    ],
    RateLimited: [
      "Te veel pogingen",
      "Er waren te veel inlogpogingen. Wacht een paar minuten en probeer het dan opnieuw.",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "Passkey niet geaccepteerd",
      "Je passkey kon niet worden geverifieerd. Probeer het opnieuw, of kies een andere manier om in te loggen.",
    ],
    UnknownAction: [
      "Pagina niet gevonden",
      "Op dit adres staat geen inlogpagina. Controleer de link, of ga naar de inlogpagina.",
    ],
    InvalidProvider: [
      "Inlogmethode niet gevonden",
      "Deze site biedt die manier van inloggen niet aan. Ga naar de inlogpagina en kies er een die de site aanbiedt.",
    ],
    default: ["Inloggen mislukt", "We konden je niet inloggen. Begin opnieuw met inloggen."],
  },
});
