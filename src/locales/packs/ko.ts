/** Korean (한국어). */
import { language } from "../language.js";

const EXISTS = "이미 있는 계정입니다";
const BRIEFLY: [string, string] = [
  "일시적으로 사용할 수 없음",
  "지금은 잠시 이 사이트에 로그인할 수 없습니다. 잠시 후 다시 시도해 주세요.",
];

export default language("ko", {
  dir: "ltr",
  signIn: "로그인",
  signInWith: "{provider}(으)로 로그인",
  or: "또는",
  noMethods: "설정된 로그인 방법이 없습니다.",
  email: "이메일",
  emailPlaceholder: "you@example.com",
  createPasskey: "패스키 만들기",
  passkeysNeedScript:
    "패스키를 사용하려면 JavaScript가 필요합니다. JavaScript를 켜거나 다른 방법을 선택하세요.",
  signOut: "로그아웃",
  signOutQuestion: "정말 로그아웃하시겠어요?",
  checkEmail: "이메일을 확인하세요",
  linkSent: "이메일 주소로 로그인 링크를 보냈습니다. 계속하려면 이 기기에서 링크를 여세요.",
  linkNote: "링크는 곧 만료되며 한 번만 사용할 수 있습니다. 메일이 오지 않으면 스팸함을 확인하세요.",
  orEnterCode: "또는 이메일에 있는 6자리 코드를 입력하세요:",
  codeFromEmail: "이메일에 있는 코드",
  signInWithCode: "코드로 로그인",
  codeExpired: "만료되었거나 이미 사용한 코드입니다. 새 코드를 받으세요.",
  codeLastTry: "코드가 올바르지 않으며, 마지막 시도였습니다. 새 코드를 받으세요.",
  codeWrong: {
    other:
      "코드가 올바르지 않습니다. 가장 최근 이메일의 코드를 확인하고 다시 시도하세요. 남은 횟수: {count}회",
  },
  sendNewCode: "새 코드 보내기",
  newCode: "새 링크와 코드를 이메일로 보내 드립니다.",
  newCodeTo: "{email}(으)로 새 링크와 코드를 보내 드립니다.",
  backTo: "{host}(으)로 돌아가기",
  returnTo: "이 페이지를 닫고 {host}(으)로 돌아가도 됩니다.",
  confirmSignIn: "로그인 확인",
  continueAs: "{email} 계정으로 로그인을 계속합니다.",
  confirmNote: "이 링크는 한 번만 사용할 수 있습니다. 로그인을 요청하지 않았다면 이 페이지를 닫으세요.",
  mailSubject: "{host}에 로그인",
  mailCode: "또는 로그인 페이지에서 이 코드를 입력하세요:",
  mailIgnore: "이 이메일을 요청하지 않았다면 무시하셔도 됩니다.",
  codeMailSubject: "{host} 로그인 코드",
  codeMailLead: "로그인을 마치려면 이 코드를 입력하세요:",
  codeMailExpiry: "이 코드는 {minutes} 동안 한 번만 사용할 수 있습니다.",
  codeMailOpen: "로그인 페이지 열기",
  twoFactor: "2단계 인증",
  twoFactorLead: "이 계정은 2단계 인증을 사용합니다.",
  stepUpLead: "보안 설정을 변경하기 전에 본인인지 확인해 주세요.",
  codeFromApp: "인증 앱에 표시된 코드",
  codeFromMail: "이메일에 있는 코드",
  recoveryCode: "복구 코드",
  trustDevice: "이 기기 신뢰하기: 한동안 이 기기에서는 2단계 인증을 묻지 않음",
  verify: "확인",
  confirm: "확인",
  usePasskey: "패스키 사용",
  passkeysNeedScriptShort: "패스키를 사용하려면 JavaScript가 필요합니다.",
  emailMeCode: "이메일로 코드 받기",
  codeSent: "이메일 주소로 코드를 보냈습니다.",
  useRecoveryCode: "복구 코드 사용",
  useApp: "인증 앱 사용",
  startAgain: "처음부터 다시",
  wrongCode:
    "코드가 맞지 않습니다. 휴대폰의 시간을 확인하고 인증 앱에 지금 표시된 코드를 입력하세요. 각 코드는 한 번만 사용할 수 있습니다.",
  wrongRecoveryCode:
    "복구 코드가 맞지 않습니다. 각 복구 코드는 한 번만 사용할 수 있으니 다른 코드를 입력해 보세요.",
  wrongEmailCode:
    "코드가 맞지 않습니다. 가장 최근 이메일의 코드를 입력하세요. 각 코드는 몇 분 동안 한 번만 사용할 수 있습니다. 새 코드를 받을 수도 있습니다.",
  wrongPasskey:
    "이 패스키는 사용할 수 없습니다. 이 계정에 추가한 패스키를 사용하거나 다른 방법을 선택하세요.",
  setUp: "2단계 인증 설정",
  scanCode:
    "인증 앱(1Password, Google Authenticator, Aegis 등)으로 이 QR 코드를 스캔한 다음, 앱에 표시된 코드를 입력하세요.",
  qrCode: "인증 비밀 키의 QR 코드",
  cannotScan: "스캔할 수 없나요? 대신 앱에 이 키를 입력하세요:",
  turnOn: "2단계 인증 켜기",
  recoveryCodes: "복구 코드",
  keepCodes:
    "이 복구 코드를 안전한 곳에 보관하세요. 인증 앱을 잃어버렸을 때 각 코드로 한 번씩 로그인할 수 있습니다. 코드는 지금만 표시됩니다.",
  download: "텍스트 파일로 다운로드",
  continue: "계속",
  usedRecoveryCode: "복구 코드로 로그인했습니다",
  lastRecoveryCode: "마지막 복구 코드를 사용했습니다. 지금 보안 설정에서 새 복구 코드를 만드세요.",
  recoveryCodesLeft: {
    other: "남은 복구 코드는 {count}개입니다. 인증 앱을 잃어버렸다면 보안 설정에서 다시 설정하세요.",
  },
  invitationSubject: "{inviter}님이 {organization}에 초대했습니다",
  invitationBody: "{inviter}님이 {organization}에 {role}(으)로 참여하도록 초대했습니다.",
  invitationAccept: "초대 수락",
  invitationIgnore: "예상하지 못한 초대라면 이 이메일을 무시하셔도 됩니다.",
  passkeyCancelled: "패스키 요청이 취소되었거나 시간이 초과되었거나, 이 사이트의 패스키를 찾지 못했습니다.",
  passkeyAlreadyHere: "이 기기에는 이미 이 계정의 패스키가 있습니다.",
  passkeyWrongAddress: "이 주소에서는 패스키를 사용할 수 없습니다.",
  passkeyKindUnsupported: "이 기기에서는 이 사이트에 필요한 종류의 패스키를 만들 수 없습니다.",
  passkeyNeedsEmail: "이메일 주소를 입력한 다음 다시 시도하세요.",
  passkeysUnavailable:
    "지금은 패스키를 사용할 수 없습니다. 몇 분 후에 다시 시도하거나 다른 로그인 방법을 선택하세요.",
  passkeyNotStarted: "패스키를 시작하지 못했습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
  passkeyFailed: "패스키를 사용하지 못했습니다.",
  passkeysUnsupported: "이 브라우저는 패스키를 지원하지 않습니다.",
  errors: {
    Configuration: [
      "로그인할 수 없음",
      "사용자의 잘못이 아니라 이 사이트에 문제가 생겼습니다. 몇 분 후에 다시 시도하세요. 문제가 계속되면 사이트 운영자에게 문의하세요.",
    ],
    AccessDenied: [
      "접근 거부됨",
      "이 계정으로는 여기에 로그인할 수 없습니다. 다른 계정으로 시도하거나, 잘못된 것 같다면 사이트 운영자에게 문의하세요.",
    ],
    Verification: [
      "더 이상 유효하지 않은 링크",
      "이 로그인 링크는 만료되었거나 이미 사용되었습니다. 로그인 페이지로 가서 새 링크를 요청하세요.",
    ],
    InvalidCheck: [
      "로그인 시간 만료",
      "로그인에 너무 오랜 시간이 걸렸거나, 시작한 브라우저와 다른 브라우저에서 완료되었습니다. 처음부터 다시 로그인하세요.",
    ],
    MissingCSRF: [
      "양식 만료",
      "로그인 양식이 만료되었거나 브라우저가 쿠키를 보내지 않았습니다. 다시 시도하세요. 계속 실패하면 이 사이트의 쿠키를 허용하세요.",
    ],
    OAuthSignInError: [
      "로그인 서비스에 연결할 수 없음",
      "해당 서비스로 로그인을 시작하지 못했습니다. 몇 분 후에 다시 시도하거나 다른 로그인 방법을 선택하세요.",
    ],
    OAuthCallbackError: [
      "로그인이 완료되지 않음",
      "로그인 서비스에서 로그인을 완료하지 못했습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "이 이메일 주소에는 다른 방법으로 로그인하는 계정이 이미 있습니다. 이전에 로그인한 방법으로 로그인하세요. 로그인한 후 이 서비스를 연결할 수 있습니다.",
    ],
    AccountNotLinked: [
      EXISTS,
      "이 이메일 주소에는 다른 방법으로 로그인하는 계정이 이미 있습니다. 이전에 로그인한 방법으로 로그인하세요. 로그인한 후 이 로그인 방법을 추가할 수 있습니다.",
    ],
    EmailSignInError: [
      "이메일을 보내지 못함",
      "로그인 이메일을 보내지 못했습니다. 주소를 확인한 후 몇 분 뒤에 다시 시도하세요.",
    ],
    CredentialsSignin: ["로그인 실패", "입력한 정보와 일치하는 계정이 없습니다. 확인 후 다시 시도하세요."],
    InvalidTwoFactorCode: [
      "코드가 승인되지 않음",
      "코드가 맞지 않거나 이미 사용되었습니다. 인증 앱에 지금 표시된 코드로 다시 시도하거나 복구 코드 중 하나를 사용하세요.",
    ],
    RateLimited: ["시도 횟수 초과", "로그인 시도가 너무 많았습니다. 몇 분 기다린 후 다시 시도하세요."],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "패스키가 승인되지 않음",
      "패스키를 확인하지 못했습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
    ],
    UnknownAction: [
      "페이지를 찾을 수 없음",
      "이 주소에는 로그인 페이지가 없습니다. 링크를 확인하거나 로그인 페이지로 이동하세요.",
    ],
    InvalidProvider: [
      "로그인 방법을 찾을 수 없음",
      "이 사이트는 해당 로그인 방법을 제공하지 않습니다. 로그인 페이지로 가서 제공되는 방법 중 하나를 선택하세요.",
    ],
    default: ["로그인 실패", "로그인하지 못했습니다. 처음부터 다시 로그인하세요."],
  },
});
