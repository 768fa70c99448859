/** Portuguese, Brazil (português do Brasil). */
import { language } from "../language.js";

const EXISTS = "A conta já existe";
const BRIEFLY: [string, string] = [
  "Indisponível no momento",
  "O login está indisponível neste site por alguns instantes. Tente de novo mais tarde.",
];

export default language("pt-BR", {
  dir: "ltr",
  signIn: "Entrar",
  signInWith: "Entrar com {provider}",
  or: "ou",
  noMethods: "Nenhuma forma de login está configurada.",
  email: "E-mail",
  emailPlaceholder: "voce@example.com",
  createPasskey: "Criar uma chave de acesso",
  passkeysNeedScript: "As chaves de acesso precisam de JavaScript. Ative-o ou escolha outra forma.",
  signOut: "Sair",
  signOutQuestion: "Tem certeza de que quer sair?",
  checkEmail: "Confira seu e-mail",
  linkSent: "Enviamos um link de login para o seu e-mail. Abra-o neste dispositivo para continuar.",
  linkNote: "O link expira em breve e funciona uma única vez. Se ele não chegar, confira a pasta de spam.",
  orEnterCode: "Ou digite o código de 6 dígitos do e-mail:",
  codeFromEmail: "Código do e-mail",
  signInWithCode: "Entrar com o código",
  codeExpired: "Esse código expirou ou já foi usado. Peça um novo código.",
  codeLastTry: "Esse código não está certo, e essa era a última tentativa. Peça um novo código.",
  codeWrong: {
    one: "Esse código não está certo. Confira o código no e-mail mais recente e tente de novo: resta {count} tentativa.",
    other:
      "Esse código não está certo. Confira o código no e-mail mais recente e tente de novo: restam {count} tentativas.",
  },
  sendNewCode: "Enviar um novo código",
  newCode: "Vamos enviar um novo link e um novo código por e-mail.",
  newCodeTo: "Vamos enviar um novo link e um novo código para {email}.",
  backTo: "Voltar para {host}",
  returnTo: "Você pode fechar esta página e voltar para {host}.",
  confirmSignIn: "Confirmar login",
  continueAs: "Continuar o login como {email}.",
  confirmNote: "Este link funciona uma única vez. Se você não pediu para entrar, feche esta página.",
  mailSubject: "Entrar em {host}",
  mailCode: "Ou digite este código na página de login:",
  mailIgnore: "Se você não pediu este e-mail, pode ignorá-lo com segurança.",
  codeMailSubject: "Seu código de login para {host}",
  codeMailLead: "Digite este código para concluir o login:",
  codeMailExpiry: "O código funciona uma vez, por {minutes}.",
  codeMailOpen: "Abrir a página de login",
  twoFactor: "Autenticação em dois fatores",
  twoFactorLead: "Sua conta usa autenticação em dois fatores.",
  stepUpLead: "Confirme que é você antes de mudar suas configurações de segurança.",
  codeFromApp: "Código do seu app autenticador",
  codeFromMail: "Código do e-mail",
  recoveryCode: "Código de recuperação",
  trustDevice: "Confiar neste dispositivo: não pedir o segundo fator aqui por um tempo",
  verify: "Verificar",
  confirm: "Confirmar",
  usePasskey: "Usar uma chave de acesso",
  passkeysNeedScriptShort: "As chaves de acesso precisam de JavaScript.",
  emailMeCode: "Receber um código por e-mail",
  codeSent: "Enviamos um código para o seu e-mail.",
  useRecoveryCode: "Usar um código de recuperação",
  useApp: "Usar seu app autenticador",
  startAgain: "Recomeçar",
  wrongCode:
    "Esse código não funcionou. Confira a hora do seu celular e digite o código que o app autenticador mostra agora; cada código funciona uma única vez.",
  wrongRecoveryCode:
    "Esse código de recuperação não funcionou. Cada código de recuperação funciona uma única vez; tente outro.",
  wrongEmailCode:
    "Esse código não funcionou. Digite o código do e-mail mais recente; cada código funciona uma única vez, por alguns minutos. Você pode pedir um novo.",
  wrongPasskey: "Essa chave de acesso não foi aceita. Use uma chave adicionada a esta conta ou outra forma.",
  setUp: "Configurar a autenticação em dois fatores",
  scanCode:
    "Escaneie este QR code com um app autenticador (como 1Password, Google Authenticator ou Aegis) e digite o código que ele mostrar.",
  qrCode: "QR code do segredo do seu autenticador",
  cannotScan: "Não consegue escanear? Digite esta chave no app:",
  turnOn: "Ativar a autenticação em dois fatores",
  recoveryCodes: "Seus códigos de recuperação",
  keepCodes:
    "Guarde estes códigos de recuperação em um lugar seguro. Cada um permite entrar uma vez se você perder seu app autenticador. Eles só aparecem agora.",
  download: "Baixar como arquivo de texto",
  continue: "Continuar",
  usedRecoveryCode: "Login feito com um código de recuperação",
  lastRecoveryCode:
    "Esse era seu último código de recuperação. Crie novos agora nas suas configurações de segurança.",
  recoveryCodesLeft: {
    one: "Você tem {count} código de recuperação restante. Se perdeu seu app autenticador, configure-o de novo nas suas configurações de segurança.",
    other:
      "Você tem {count} códigos de recuperação restantes. Se perdeu seu app autenticador, configure-o de novo nas suas configurações de segurança.",
  },
  invitationSubject: "{inviter} convidou você para {organization}",
  invitationBody: "{inviter} convidou você para participar de {organization} como {role}.",
  invitationAccept: "Aceitar o convite",
  invitationIgnore: "Se você não esperava este convite, pode ignorar este e-mail.",
  passkeyCancelled:
    "A solicitação da chave de acesso foi cancelada, expirou ou não encontrou nenhuma chave de acesso para este site.",
  passkeyAlreadyHere: "Este dispositivo já tem uma chave de acesso para esta conta.",
  passkeyWrongAddress: "Não é possível usar chaves de acesso neste endereço.",
  passkeyKindUnsupported:
    "Este dispositivo não consegue criar uma chave de acesso do tipo que este site exige.",
  passkeyNeedsEmail: "Digite seu endereço de e-mail e tente de novo.",
  passkeysUnavailable:
    "As chaves de acesso estão indisponíveis no momento. Tente de novo em alguns minutos ou escolha outra forma de entrar.",
  passkeyNotStarted:
    "Não foi possível iniciar a chave de acesso. Tente de novo ou escolha outra forma de entrar.",
  passkeyFailed: "Não foi possível usar a chave de acesso.",
  passkeysUnsupported: "Este navegador não é compatível com chaves de acesso.",
  errors: {
    Configuration: [
      "Login indisponível",
      "Algo deu errado neste site, e não por algo que você fez. Tente de novo em alguns minutos. Se continuar acontecendo, fale com os responsáveis pelo site.",
    ],
    AccessDenied: [
      "Acesso negado",
      "Esta conta não pode entrar aqui. Tente outra conta ou fale com os responsáveis pelo site se achar que é um engano.",
    ],
    Verification: [
      "Link não é mais válido",
      "Este link de login expirou ou já foi usado. Vá para a página de login e peça um novo.",
    ],
    InvalidCheck: [
      "Login expirado",
      "O login demorou demais ou foi concluído em um navegador diferente daquele em que começou. Comece o login de novo.",
    ],
    MissingCSRF: [
      "Formulário expirado",
      "O formulário de login expirou ou seu navegador não enviou o cookie dele. Tente de novo; se continuar falhando, permita cookies para este site.",
    ],
    OAuthSignInError: [
      "Não foi possível acessar o provedor",
      "Não conseguimos iniciar seu login com esse provedor. Tente de novo em alguns minutos ou escolha outra forma de entrar.",
    ],
    OAuthCallbackError: [
      "Login não concluído",
      "O provedor não concluiu seu login. Tente de novo ou escolha outra forma de entrar.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "Este endereço de e-mail já tem uma conta que entra de outra forma. Entre como você fez antes; depois de entrar, você pode vincular este provedor.",
    ],
    AccountNotLinked: [
      EXISTS,
      "Este endereço de e-mail já tem uma conta que entra de outra forma. Entre como você fez antes; depois de entrar, você pode adicionar esta forma de entrar.",
    ],
    EmailSignInError: [
      "E-mail não enviado",
      "Não conseguimos enviar o e-mail de login. Confira o endereço e tente de novo em alguns minutos.",
    ],
    CredentialsSignin: [
      "Falha no login",
      "Esses dados não correspondem a nenhuma conta. Confira e tente de novo.",
    ],
    InvalidTwoFactorCode: [
      "Código não aceito",
      "Esse código não funcionou ou já foi usado. Tente de novo com o código que seu app autenticador mostra agora ou use um dos seus códigos de recuperação.",
    ],
    RateLimited: [
      "Tentativas demais",
      "Houve tentativas de login demais. Espere alguns minutos e tente de novo.",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "Chave de acesso não aceita",
      "Não foi possível verificar sua chave de acesso. Tente de novo ou escolha outra forma de entrar.",
    ],
    UnknownAction: [
      "Página não encontrada",
      "Não há página de login neste endereço. Confira o link ou vá para a página de login.",
    ],
    InvalidProvider: [
      "Forma de login não encontrada",
      "Este site não oferece essa forma de entrar. Vá para a página de login e escolha uma das que ele oferece.",
    ],
    default: ["Falha no login", "Não conseguimos fazer seu login. Comece o login de novo."],
  },
});
