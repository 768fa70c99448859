/** French (français). */
import { language } from "../language.js";

const EXISTS = "Ce compte existe déjà";
const BRIEFLY: [string, string] = [
  "Momentanément indisponible",
  "La connexion est brièvement indisponible sur ce site. Veuillez réessayer plus tard.",
];

export default language("fr", {
  dir: "ltr",
  signIn: "Se connecter",
  signInWith: "Se connecter avec {provider}",
  or: "ou",
  noMethods: "Aucun moyen de connexion n’est configuré.",
  email: "Adresse e-mail",
  emailPlaceholder: "vous@example.com",
  createPasskey: "Créer une clé d’accès",
  passkeysNeedScript: "Les clés d’accès nécessitent JavaScript. Activez-le ou choisissez un autre moyen.",
  signOut: "Se déconnecter",
  signOutQuestion: "Voulez-vous vraiment vous déconnecter ?",
  checkEmail: "Consultez vos e-mails",
  linkSent:
    "Nous avons envoyé un lien de connexion à votre adresse e-mail. Ouvrez-le sur cet appareil pour continuer.",
  linkNote:
    "Le lien expire bientôt et ne fonctionne qu’une fois. S’il n’arrive pas, vérifiez vos courriers indésirables.",
  orEnterCode: "Ou saisissez le code à 6 chiffres reçu par e-mail :",
  codeFromEmail: "Code reçu par e-mail",
  signInWithCode: "Se connecter avec le code",
  codeExpired: "Ce code a expiré ou a déjà été utilisé. Demandez un nouveau code.",
  codeLastTry: "Ce code n’est pas le bon, et c’était le dernier essai. Demandez un nouveau code.",
  codeWrong: {
    one: "Ce code n’est pas le bon. Vérifiez le code du dernier e-mail et réessayez : il reste {count} essai.",
    other:
      "Ce code n’est pas le bon. Vérifiez le code du dernier e-mail et réessayez : il reste {count} essais.",
  },
  sendNewCode: "Envoyer un nouveau code",
  newCode: "Nous allons envoyer un nouveau lien et un nouveau code par e-mail.",
  newCodeTo: "Nous allons envoyer un nouveau lien et un nouveau code à {email}.",
  backTo: "Retour à {host}",
  returnTo: "Vous pouvez fermer cette page et revenir sur {host}.",
  confirmSignIn: "Confirmer la connexion",
  continueAs: "Continuer la connexion en tant que {email}.",
  confirmNote:
    "Ce lien ne fonctionne qu’une fois. Si vous n’avez pas demandé à vous connecter, fermez cette page.",
  mailSubject: "Connexion à {host}",
  mailCode: "Ou saisissez ce code sur la page de connexion :",
  mailIgnore: "Si vous n’avez pas demandé cet e-mail, vous pouvez l’ignorer sans risque.",
  codeMailSubject: "Votre code de connexion pour {host}",
  codeMailLead: "Saisissez ce code pour terminer la connexion :",
  codeMailExpiry: "Le code fonctionne une fois, pendant {minutes}.",
  codeMailOpen: "Ouvrir la page de connexion",
  twoFactor: "Authentification à deux facteurs",
  twoFactorLead: "Votre compte est protégé par l’authentification à deux facteurs.",
  stepUpLead: "Confirmez votre identité avant de modifier vos paramètres de sécurité.",
  codeFromApp: "Code de votre application d’authentification",
  codeFromMail: "Code reçu par e-mail",
  recoveryCode: "Code de récupération",
  trustDevice: "Faire confiance à cet appareil : ne plus demander de second facteur ici pendant un moment",
  verify: "Vérifier",
  confirm: "Confirmer",
  usePasskey: "Utiliser une clé d’accès",
  passkeysNeedScriptShort: "Les clés d’accès nécessitent JavaScript.",
  emailMeCode: "Recevoir un code par e-mail",
  codeSent: "Nous avons envoyé un code à votre adresse e-mail.",
  useRecoveryCode: "Utiliser un code de récupération",
  useApp: "Utiliser votre application d’authentification",
  startAgain: "Recommencer",
  wrongCode:
    "Ce code n’a pas fonctionné. Vérifiez l’heure de votre téléphone et saisissez le code affiché en ce moment par votre application d’authentification ; chaque code ne fonctionne qu’une fois.",
  wrongRecoveryCode:
    "Ce code de récupération n’a pas fonctionné. Chaque code de récupération ne fonctionne qu’une fois ; essayez-en un autre.",
  wrongEmailCode:
    "Ce code n’a pas fonctionné. Saisissez le code du dernier e-mail ; chaque code ne fonctionne qu’une fois, pendant quelques minutes. Vous pouvez en demander un nouveau.",
  wrongPasskey:
    "Cette clé d’accès n’a pas été acceptée. Utilisez une clé d’accès ajoutée à ce compte, ou un autre moyen.",
  setUp: "Configurer l’authentification à deux facteurs",
  scanCode:
    "Scannez ce QR code avec une application d’authentification (comme 1Password, Google Authenticator ou Aegis), puis saisissez le code qu’elle affiche.",
  qrCode: "QR code de votre clé secrète d’authentification",
  cannotScan: "Impossible de le scanner ? Saisissez plutôt cette clé dans l’application :",
  turnOn: "Activer l’authentification à deux facteurs",
  recoveryCodes: "Vos codes de récupération",
  keepCodes:
    "Conservez ces codes de récupération en lieu sûr. Chacun vous permet de vous connecter une fois si vous perdez votre application d’authentification. Ils ne sont affichés que maintenant.",
  download: "Télécharger en fichier texte",
  continue: "Continuer",
  usedRecoveryCode: "Connecté avec un code de récupération",
  lastRecoveryCode:
    "C’était votre dernier code de récupération. Créez-en de nouveaux dès maintenant dans vos paramètres de sécurité.",
  recoveryCodesLeft: {
    one: "Il vous reste {count} code de récupération. Si vous avez perdu votre application d’authentification, configurez-la de nouveau dans vos paramètres de sécurité.",
    other:
      "Il vous reste {count} codes de récupération. Si vous avez perdu votre application d’authentification, configurez-la de nouveau dans vos paramètres de sécurité.",
  },
  invitationSubject: "{inviter} vous invite à rejoindre {organization}",
  invitationBody: "{inviter} vous invite à rejoindre {organization} en tant que {role}.",
  invitationAccept: "Accepter l’invitation",
  invitationIgnore: "Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
  passkeyCancelled:
    "La demande de clé d’accès a été annulée, a expiré ou n’a trouvé aucune clé d’accès pour ce site.",
  passkeyAlreadyHere: "Cet appareil contient déjà une clé d’accès pour ce compte.",
  passkeyWrongAddress: "Les clés d’accès ne peuvent pas être utilisées à cette adresse.",
  passkeyKindUnsupported: "Cet appareil ne peut pas créer le type de clé d’accès dont ce site a besoin.",
  passkeyNeedsEmail: "Saisissez votre adresse e-mail, puis réessayez.",
  passkeysUnavailable:
    "Les clés d’accès sont indisponibles pour le moment. Réessayez dans quelques minutes, ou choisissez un autre moyen de connexion.",
  passkeyNotStarted:
    "La clé d’accès n’a pas pu être lancée. Réessayez, ou choisissez un autre moyen de connexion.",
  passkeyFailed: "La clé d’accès n’a pas pu être utilisée.",
  passkeysUnsupported: "Ce navigateur ne prend pas en charge les clés d’accès.",
  errors: {
    Configuration: [
      "Connexion indisponible",
      "Un problème est survenu sur ce site, et non de votre fait. Réessayez dans quelques minutes. Si cela se reproduit, contactez le responsable du site.",
    ],
    AccessDenied: [
      "Accès refusé",
      "Ce compte n’est pas autorisé à se connecter ici. Essayez un autre compte, ou contactez le responsable du site si vous pensez qu’il s’agit d’une erreur.",
    ],
    Verification: [
      "Lien expiré",
      "Ce lien de connexion a expiré ou a déjà été utilisé. Retournez sur la page de connexion pour en demander un nouveau.",
    ],
    InvalidCheck: [
      "Connexion expirée",
      "La connexion a pris trop de temps, ou s’est terminée dans un autre navigateur que celui où elle a commencé. Recommencez la connexion.",
    ],
    MissingCSRF: [
      "Formulaire expiré",
      "Le formulaire de connexion avait expiré, ou votre navigateur n’a pas envoyé son cookie. Réessayez ; si le problème persiste, autorisez les cookies pour ce site.",
    ],
    OAuthSignInError: [
      "Fournisseur injoignable",
      "Impossible de lancer la connexion avec ce fournisseur. Réessayez dans quelques minutes, ou choisissez un autre moyen de connexion.",
    ],
    OAuthCallbackError: [
      "Connexion inachevée",
      "Le fournisseur n’a pas terminé votre connexion. Réessayez, ou choisissez un autre moyen de connexion.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "Cette adresse e-mail a déjà un compte qui se connecte autrement. Connectez-vous comme la dernière fois ; une fois connecté, vous pourrez associer ce fournisseur.",
    ],
    AccountNotLinked: [
      EXISTS,
      "Cette adresse e-mail a déjà un compte qui se connecte autrement. Connectez-vous comme la dernière fois ; une fois connecté, vous pourrez ajouter ce moyen de connexion.",
    ],
    EmailSignInError: [
      "E-mail non envoyé",
      "Impossible d’envoyer l’e-mail de connexion. Vérifiez l’adresse, puis réessayez dans quelques minutes.",
    ],
    CredentialsSignin: [
      "Échec de la connexion",
      "Ces informations ne correspondent à aucun compte. Vérifiez-les et réessayez.",
    ],
    InvalidTwoFactorCode: [
      "Code refusé",
      "Ce code n’a pas fonctionné ou a déjà été utilisé. Réessayez avec le code qu’affiche maintenant votre application d’authentification, ou utilisez l’un de vos codes de récupération.",
    ],
    RateLimited: [
      "Trop de tentatives",
      "Il y a eu trop de tentatives de connexion. Patientez quelques minutes, puis réessayez.",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "Clé d’accès refusée",
      "Votre clé d’accès n’a pas pu être vérifiée. Réessayez, ou choisissez un autre moyen de connexion.",
    ],
    UnknownAction: [
      "Page introuvable",
      "Il n’y a pas de page de connexion à cette adresse. Vérifiez le lien, ou allez sur la page de connexion.",
    ],
    InvalidProvider: [
      "Moyen de connexion introuvable",
      "Ce site ne propose pas ce moyen de connexion. Allez sur la page de connexion et choisissez-en un qu’il propose.",
    ],
    default: ["Échec de la connexion", "Nous n’avons pas pu vous connecter. Recommencez la connexion."],
  },
});
