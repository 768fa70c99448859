/** Spanish (español). */
import { language } from "../language.js";

const EXISTS = "La cuenta ya existe";
const BRIEFLY: [string, string] = [
  "No disponible por el momento",
  "El inicio de sesión no está disponible en este sitio por unos momentos. Vuelve a intentarlo más tarde.",
];

export default language("es", {
  dir: "ltr",
  signIn: "Iniciar sesión",
  signInWith: "Iniciar sesión con {provider}",
  or: "o",
  noMethods: "No hay ningún método de inicio de sesión configurado.",
  email: "Correo electrónico",
  emailPlaceholder: "tu@example.com",
  createPasskey: "Crear una llave de acceso",
  passkeysNeedScript: "Las llaves de acceso necesitan JavaScript. Actívalo o elige otro método.",
  signOut: "Cerrar sesión",
  signOutQuestion: "¿Seguro que quieres cerrar sesión?",
  checkEmail: "Revisa tu correo",
  linkSent:
    "Te enviamos un enlace de inicio de sesión a tu correo electrónico. Ábrelo en este dispositivo para continuar.",
  linkNote: "El enlace caduca pronto y solo funciona una vez. Si no te llega, revisa la carpeta de spam.",
  orEnterCode: "O escribe el código de 6 dígitos del correo:",
  codeFromEmail: "Código del correo",
  signInWithCode: "Iniciar sesión con el código",
  codeExpired: "Ese código caducó o ya se usó. Pide un código nuevo.",
  codeLastTry: "Ese código no es correcto y era el último intento. Pide un código nuevo.",
  codeWrong: {
    one: "Ese código no es correcto. Revisa el código del correo más reciente y vuelve a intentarlo: te queda {count} intento.",
    other:
      "Ese código no es correcto. Revisa el código del correo más reciente y vuelve a intentarlo: te quedan {count} intentos.",
  },
  sendNewCode: "Enviar un código nuevo",
  newCode: "Te enviaremos por correo un enlace y un código nuevos.",
  newCodeTo: "Enviaremos un enlace y un código nuevos a {email}.",
  backTo: "Volver a {host}",
  returnTo: "Puedes cerrar esta página y volver a {host}.",
  confirmSignIn: "Confirmar inicio de sesión",
  continueAs: "Continuar iniciando sesión como {email}.",
  confirmNote: "Este enlace solo funciona una vez. Si no pediste iniciar sesión, cierra esta página.",
  mailSubject: "Inicia sesión en {host}",
  mailCode: "O escribe este código en la página de inicio de sesión:",
  mailIgnore: "Si no pediste este correo, puedes ignorarlo sin problema.",
  codeMailSubject: "Tu código de inicio de sesión para {host}",
  codeMailLead: "Escribe este código para terminar de iniciar sesión:",
  codeMailExpiry: "El código funciona una vez, durante {minutes}.",
  codeMailOpen: "Abrir la página de inicio de sesión",
  twoFactor: "Autenticación en dos pasos",
  twoFactorLead: "Tu cuenta tiene la autenticación en dos pasos activada.",
  stepUpLead: "Confirma que eres tú antes de cambiar tu configuración de seguridad.",
  codeFromApp: "Código de tu app de autenticación",
  codeFromMail: "Código del correo",
  recoveryCode: "Código de recuperación",
  trustDevice: "Confiar en este dispositivo: no pedir un segundo factor aquí durante un tiempo",
  verify: "Verificar",
  confirm: "Confirmar",
  usePasskey: "Usar una llave de acceso",
  passkeysNeedScriptShort: "Las llaves de acceso necesitan JavaScript.",
  emailMeCode: "Enviarme un código por correo",
  codeSent: "Te enviamos un código a tu correo electrónico.",
  useRecoveryCode: "Usar un código de recuperación",
  useApp: "Usar tu app de autenticación",
  startAgain: "Empezar de nuevo",
  wrongCode:
    "Ese código no funcionó. Revisa la hora de tu teléfono y escribe el código que muestra ahora tu app de autenticación; cada código funciona una sola vez.",
  wrongRecoveryCode:
    "Ese código de recuperación no funcionó. Cada código de recuperación funciona una sola vez; prueba con otro.",
  wrongEmailCode:
    "Ese código no funcionó. Escribe el código del correo más reciente; cada código funciona una sola vez, durante unos minutos. Puedes pedir uno nuevo.",
  wrongPasskey:
    "No se aceptó esa llave de acceso. Usa una llave que hayas añadido a esta cuenta, u otro método.",
  setUp: "Configurar la autenticación en dos pasos",
  scanCode:
    "Escanea este código QR con una app de autenticación (como 1Password, Google Authenticator o Aegis) y escribe el código que muestre.",
  qrCode: "Código QR de tu clave secreta de autenticación",
  cannotScan: "¿No puedes escanearlo? Escribe esta clave en la app:",
  turnOn: "Activar la autenticación en dos pasos",
  recoveryCodes: "Tus códigos de recuperación",
  keepCodes:
    "Guarda estos códigos de recuperación en un lugar seguro. Cada uno te permite iniciar sesión una vez si pierdes tu app de autenticación. Solo se muestran ahora.",
  download: "Descargar como archivo de texto",
  continue: "Continuar",
  usedRecoveryCode: "Sesión iniciada con un código de recuperación",
  lastRecoveryCode:
    "Ese era tu último código de recuperación. Crea códigos nuevos ahora en tu configuración de seguridad.",
  recoveryCodesLeft: {
    one: "Te queda {count} código de recuperación. Si perdiste tu app de autenticación, vuelve a configurarla en tu configuración de seguridad.",
    other:
      "Te quedan {count} códigos de recuperación. Si perdiste tu app de autenticación, vuelve a configurarla en tu configuración de seguridad.",
  },
  invitationSubject: "{inviter} te invitó a {organization}",
  invitationBody: "{inviter} te invitó a unirte a {organization} como {role}.",
  invitationAccept: "Aceptar la invitación",
  invitationIgnore: "Si no esperabas esta invitación, puedes ignorar este correo.",
  passkeyCancelled:
    "La solicitud de la llave de acceso se canceló, caducó o no encontró ninguna llave de acceso para este sitio.",
  passkeyAlreadyHere: "Este dispositivo ya tiene una llave de acceso para esta cuenta.",
  passkeyWrongAddress: "Las llaves de acceso no se pueden usar en esta dirección.",
  passkeyKindUnsupported:
    "Este dispositivo no puede crear una llave de acceso del tipo que necesita este sitio.",
  passkeyNeedsEmail: "Escribe tu correo electrónico y vuelve a intentarlo.",
  passkeysUnavailable:
    "Las llaves de acceso no están disponibles en este momento. Vuelve a intentarlo en unos minutos o elige otra forma de iniciar sesión.",
  passkeyNotStarted:
    "No se pudo iniciar la llave de acceso. Vuelve a intentarlo o elige otra forma de iniciar sesión.",
  passkeyFailed: "No se pudo usar la llave de acceso.",
  passkeysUnsupported: "Este navegador no admite llaves de acceso.",
  errors: {
    Configuration: [
      "El inicio de sesión no está disponible",
      "Algo salió mal en este sitio, no por nada que hayas hecho. Vuelve a intentarlo en unos minutos. Si sigue pasando, contacta con los responsables del sitio.",
    ],
    AccessDenied: [
      "Acceso denegado",
      "Esta cuenta no puede iniciar sesión aquí. Prueba con otra cuenta o contacta con los responsables del sitio si crees que es un error.",
    ],
    Verification: [
      "El enlace ya no es válido",
      "Este enlace de inicio de sesión caducó o ya se usó. Ve a la página de inicio de sesión y pide uno nuevo.",
    ],
    InvalidCheck: [
      "El inicio de sesión caducó",
      "El inicio de sesión tardó demasiado o terminó en un navegador distinto del que lo empezó. Vuelve a iniciar sesión desde el principio.",
    ],
    MissingCSRF: [
      "El formulario caducó",
      "El formulario de inicio de sesión había caducado o tu navegador no envió su cookie. Vuelve a intentarlo; si sigue fallando, permite las cookies para este sitio.",
    ],
    OAuthSignInError: [
      "No se pudo contactar con el proveedor",
      "No pudimos empezar a iniciar tu sesión con ese proveedor. Vuelve a intentarlo en unos minutos o elige otra forma de iniciar sesión.",
    ],
    OAuthCallbackError: [
      "Inicio de sesión sin terminar",
      "El proveedor no terminó de iniciar tu sesión. Vuelve a intentarlo o elige otra forma de iniciar sesión.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "Esta dirección de correo ya tiene una cuenta que inicia sesión de otra forma. Inicia sesión como lo hiciste antes; una vez dentro, podrás vincular este proveedor.",
    ],
    AccountNotLinked: [
      EXISTS,
      "Esta dirección de correo ya tiene una cuenta que inicia sesión de otra forma. Inicia sesión como lo hiciste antes; una vez dentro, podrás añadir esta forma de iniciar sesión.",
    ],
    EmailSignInError: [
      "Correo no enviado",
      "No pudimos enviar el correo de inicio de sesión. Revisa la dirección y vuelve a intentarlo en unos minutos.",
    ],
    CredentialsSignin: [
      "No se pudo iniciar sesión",
      "Esos datos no coinciden con ninguna cuenta. Revísalos y vuelve a intentarlo.",
    ],
    InvalidTwoFactorCode: [
      "Código no aceptado",
      "Ese código no funcionó o ya se usó. Vuelve a intentarlo con el código que muestra ahora tu app de autenticación, o usa uno de tus códigos de recuperación.",
    ],
    RateLimited: [
      "Demasiados intentos",
      "Hubo demasiados intentos de inicio de sesión. Espera unos minutos y vuelve a intentarlo.",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "Llave de acceso no aceptada",
      "No se pudo verificar tu llave de acceso. Vuelve a intentarlo o elige otra forma de iniciar sesión.",
    ],
    UnknownAction: [
      "Página no encontrada",
      "No hay ninguna página de inicio de sesión en esta dirección. Revisa el enlace o ve a la página de inicio de sesión.",
    ],
    InvalidProvider: [
      "Método de inicio de sesión no encontrado",
      "Este sitio no ofrece esa forma de iniciar sesión. Ve a la página de inicio de sesión y elige una de las que ofrece.",
    ],
    default: [
      "No se pudo iniciar sesión",
      "No pudimos iniciar tu sesión. Vuelve a iniciar sesión desde el principio.",
    ],
  },
});
