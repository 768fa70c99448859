/** Italian (italiano). */
import { language } from "../language.js";

const EXISTS = "L’account esiste già";
const BRIEFLY: [string, string] = [
  "Momentaneamente non disponibile",
  "L’accesso a questo sito è brevemente non disponibile. Riprova più tardi.",
];

export default language("it", {
  dir: "ltr",
  signIn: "Accedi",
  signInWith: "Accedi con {provider}",
  or: "oppure",
  noMethods: "Non è configurato nessun metodo di accesso.",
  email: "Email",
  emailPlaceholder: "tu@example.com",
  createPasskey: "Crea una passkey",
  passkeysNeedScript: "Le passkey richiedono JavaScript. Attivalo o scegli un altro metodo.",
  signOut: "Esci",
  signOutQuestion: "Vuoi davvero uscire?",
  checkEmail: "Controlla la tua email",
  linkSent: "Ti abbiamo inviato un link di accesso via email. Aprilo su questo dispositivo per continuare.",
  linkNote: "Il link scade a breve e funziona una sola volta. Se non arriva, controlla la cartella spam.",
  orEnterCode: "Oppure inserisci il codice di 6 cifre ricevuto via email:",
  codeFromEmail: "Codice dall’email",
  signInWithCode: "Accedi con il codice",
  codeExpired: "Questo codice è scaduto o è già stato usato. Richiedi un nuovo codice.",
  codeLastTry: "Questo codice non è corretto, ed era l’ultimo tentativo. Richiedi un nuovo codice.",
  codeWrong: {
    one: "Questo codice non è corretto. Controlla il codice nell’ultima email e riprova: ti resta {count} tentativo.",
    other:
      "Questo codice non è corretto. Controlla il codice nell’ultima email e riprova: ti restano {count} tentativi.",
  },
  sendNewCode: "Invia un nuovo codice",
  newCode: "Ti invieremo via email un nuovo link e un nuovo codice.",
  newCodeTo: "Invieremo un nuovo link e un nuovo codice a {email}.",
  backTo: "Torna a {host}",
  returnTo: "Puoi chiudere questa pagina e tornare a {host}.",
  confirmSignIn: "Conferma l’accesso",
  continueAs: "Continua l’accesso come {email}.",
  confirmNote: "Questo link funziona una sola volta. Se non hai chiesto di accedere, chiudi questa pagina.",
  mailSubject: "Accedi a {host}",
  mailCode: "Oppure inserisci questo codice nella pagina di accesso:",
  mailIgnore: "Se non hai richiesto questa email, puoi ignorarla tranquillamente.",
  codeMailSubject: "Il tuo codice di accesso per {host}",
  codeMailLead: "Inserisci questo codice per completare l’accesso:",
  codeMailExpiry: "Il codice funziona una volta, per {minutes}.",
  codeMailOpen: "Apri la pagina di accesso",
  twoFactor: "Autenticazione a due fattori",
  twoFactorLead: "Il tuo account usa l’autenticazione a due fattori.",
  stepUpLead: "Conferma che sei tu prima di modificare le impostazioni di sicurezza.",
  codeFromApp: "Codice dalla tua app di autenticazione",
  codeFromMail: "Codice dall’email",
  recoveryCode: "Codice di recupero",
  trustDevice: "Considera attendibile questo dispositivo: non chiedere il secondo fattore qui per un po’",
  verify: "Verifica",
  confirm: "Conferma",
  usePasskey: "Usa una passkey",
  passkeysNeedScriptShort: "Le passkey richiedono JavaScript.",
  emailMeCode: "Inviami un codice via email",
  codeSent: "Ti abbiamo inviato un codice via email.",
  useRecoveryCode: "Usa un codice di recupero",
  useApp: "Usa la tua app di autenticazione",
  startAgain: "Ricomincia",
  wrongCode:
    "Questo codice non ha funzionato. Controlla l’ora del telefono e inserisci il codice che la tua app di autenticazione mostra adesso; ogni codice funziona una sola volta.",
  wrongRecoveryCode:
    "Questo codice di recupero non ha funzionato. Ogni codice di recupero funziona una sola volta; provane un altro.",
  wrongEmailCode:
    "Questo codice non ha funzionato. Inserisci il codice dell’ultima email; ogni codice funziona una sola volta, per pochi minuti. Puoi richiederne uno nuovo.",
  wrongPasskey:
    "Questa passkey non è stata accettata. Usa una passkey aggiunta a questo account, o un altro metodo.",
  setUp: "Configura l’autenticazione a due fattori",
  scanCode:
    "Scansiona questo codice QR con un’app di autenticazione (come 1Password, Google Authenticator o Aegis), poi inserisci il codice che mostra.",
  qrCode: "Codice QR del segreto di autenticazione",
  cannotScan: "Non riesci a scansionarlo? Inserisci invece questa chiave nell’app:",
  turnOn: "Attiva l’autenticazione a due fattori",
  recoveryCodes: "I tuoi codici di recupero",
  keepCodes:
    "Conserva questi codici di recupero in un posto sicuro. Ognuno ti permette di accedere una volta se perdi l’app di autenticazione. Vengono mostrati solo ora.",
  download: "Scarica come file di testo",
  continue: "Continua",
  usedRecoveryCode: "Accesso eseguito con un codice di recupero",
  lastRecoveryCode:
    "Era il tuo ultimo codice di recupero. Creane di nuovi adesso nelle impostazioni di sicurezza.",
  recoveryCodesLeft: {
    one: "Ti resta {count} codice di recupero. Se hai perso l’app di autenticazione, configurala di nuovo nelle impostazioni di sicurezza.",
    other:
      "Ti restano {count} codici di recupero. Se hai perso l’app di autenticazione, configurala di nuovo nelle impostazioni di sicurezza.",
  },
  invitationSubject: "{inviter} ti ha invitato in {organization}",
  invitationBody: "{inviter} ti ha invitato a unirti a {organization} come {role}.",
  invitationAccept: "Accetta l’invito",
  invitationIgnore: "Se non ti aspettavi questo invito, puoi ignorare questa email.",
  passkeyCancelled:
    "La richiesta della passkey è stata annullata, è scaduta o non ha trovato nessuna passkey per questo sito.",
  passkeyAlreadyHere: "Questo dispositivo ha già una passkey per questo account.",
  passkeyWrongAddress: "Le passkey non possono essere usate a questo indirizzo.",
  passkeyKindUnsupported: "Questo dispositivo non può creare una passkey del tipo richiesto da questo sito.",
  passkeyNeedsEmail: "Inserisci il tuo indirizzo email, poi riprova.",
  passkeysUnavailable:
    "Le passkey non sono disponibili in questo momento. Riprova tra qualche minuto, o scegli un altro modo per accedere.",
  passkeyNotStarted:
    "Non è stato possibile avviare la passkey. Riprova, o scegli un altro modo per accedere.",
  passkeyFailed: "Non è stato possibile usare la passkey.",
  passkeysUnsupported: "Questo browser non supporta le passkey.",
  errors: {
    Configuration: [
      "Accesso non disponibile",
      "Qualcosa non ha funzionato su questo sito, non per qualcosa che hai fatto tu. Riprova tra qualche minuto. Se succede ancora, contatta i gestori del sito.",
    ],
    AccessDenied: [
      "Accesso negato",
      "Questo account non può accedere qui. Prova con un altro account, o contatta i gestori del sito se pensi che sia un errore.",
    ],
    Verification: [
      "Link non più valido",
      "Questo link di accesso è scaduto o è già stato usato. Vai alla pagina di accesso e richiedine uno nuovo.",
    ],
    InvalidCheck: [
      "Accesso scaduto",
      "L’accesso ha richiesto troppo tempo, o è stato completato in un browser diverso da quello in cui era iniziato. Ricomincia l’accesso.",
    ],
    MissingCSRF: [
      "Modulo scaduto",
      "Il modulo di accesso era scaduto, o il browser non ha inviato il suo cookie. Riprova; se continua a non funzionare, consenti i cookie per questo sito.",
    ],
    OAuthSignInError: [
      "Impossibile raggiungere il provider",
      "Non è stato possibile avviare l’accesso con quel provider. Riprova tra qualche minuto, o scegli un altro modo per accedere.",
    ],
    OAuthCallbackError: [
      "Accesso non completato",
      "Il provider non ha completato l’accesso. Riprova, o scegli un altro modo per accedere.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "Questo indirizzo email ha già un account che accede in un altro modo. Accedi come hai fatto in precedenza; una volta dentro, potrai collegare questo provider.",
    ],
    AccountNotLinked: [
      EXISTS,
      "Questo indirizzo email ha già un account che accede in un altro modo. Accedi come hai fatto in precedenza; una volta dentro, potrai aggiungere questo modo di accedere.",
    ],
    EmailSignInError: [
      "Email non inviata",
      "Non è stato possibile inviare l’email di accesso. Controlla l’indirizzo, poi riprova tra qualche minuto.",
    ],
    CredentialsSignin: [
      "Accesso non riuscito",
      "Questi dati non corrispondono a nessun account. Controllali e riprova.",
    ],
    InvalidTwoFactorCode: [
      "Codice non accettato",
      "Questo codice non ha funzionato, o è già stato usato. Riprova con il codice che la tua app di autenticazione mostra adesso, o usa uno dei tuoi codici di recupero.",
    ],
    RateLimited: [
      "Troppi tentativi",
      "Ci sono stati troppi tentativi di accesso. Attendi qualche minuto, poi riprova.",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "Passkey non accettata",
      "Non è stato possibile verificare la tua passkey. Riprova, o scegli un altro modo per accedere.",
    ],
    UnknownAction: [
      "Pagina non trovata",
      "A questo indirizzo non c’è nessuna pagina di accesso. Controlla il link, o vai alla pagina di accesso.",
    ],
    InvalidProvider: [
      "Metodo di accesso non trovato",
      "Questo sito non offre quel modo di accedere. Vai alla pagina di accesso e scegline uno tra quelli offerti.",
    ],
    default: ["Accesso non riuscito", "Non è stato possibile farti accedere. Ricomincia l’accesso."],
  },
});
