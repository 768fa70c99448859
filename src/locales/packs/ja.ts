/** Japanese (日本語). */
import { language } from "../language.js";

const EXISTS = "アカウントはすでに存在します";
const BRIEFLY: [string, string] = [
  "一時的に利用できません",
  "このサイトでは現在、一時的にログインできません。しばらくしてからもう一度お試しください。",
];

export default language("ja", {
  dir: "ltr",
  signIn: "ログイン",
  signInWith: "{provider}でログイン",
  or: "または",
  noMethods: "ログイン方法が設定されていません。",
  email: "メールアドレス",
  emailPlaceholder: "you@example.com",
  createPasskey: "パスキーを作成",
  passkeysNeedScript: "パスキーには JavaScript が必要です。有効にするか、別の方法を選んでください。",
  signOut: "ログアウト",
  signOutQuestion: "ログアウトしてもよろしいですか？",
  checkEmail: "メールを確認してください",
  linkSent: "ログイン用のリンクをメールでお送りしました。続けるには、この端末でリンクを開いてください。",
  linkNote: "リンクの有効期限は短く、一度だけ使えます。届かない場合は迷惑メールフォルダをご確認ください。",
  orEnterCode: "または、メールに記載された6桁のコードを入力してください：",
  codeFromEmail: "メールに記載されたコード",
  signInWithCode: "コードでログイン",
  codeExpired: "このコードは有効期限が切れているか、すでに使用されています。新しいコードを送信してください。",
  codeLastTry: "コードが正しくありません。これが最後の試行でした。新しいコードを送信してください。",
  codeWrong: {
    other:
      "コードが正しくありません。最新のメールのコードを確認して、もう一度お試しください（残り{count}回）。",
  },
  sendNewCode: "新しいコードを送信",
  newCode: "新しいリンクとコードをメールでお送りします。",
  newCodeTo: "新しいリンクとコードを {email} にお送りします。",
  backTo: "{host} に戻る",
  returnTo: "このページを閉じて {host} に戻ってください。",
  confirmSignIn: "ログインの確認",
  continueAs: "{email} としてログインを続けます。",
  confirmNote: "このリンクは一度だけ使えます。ログインを依頼していない場合は、このページを閉じてください。",
  mailSubject: "{host} へのログイン",
  mailCode: "または、ログインページでこのコードを入力してください：",
  mailIgnore: "このメールに心当たりがない場合は、無視していただいて問題ありません。",
  codeMailSubject: "{host} のログインコード",
  codeMailLead: "ログインを完了するには、このコードを入力してください：",
  codeMailExpiry: "このコードは{minutes}の間、一度だけ使えます。",
  codeMailOpen: "ログインページを開く",
  twoFactor: "2段階認証",
  twoFactorLead: "このアカウントでは2段階認証が有効になっています。",
  stepUpLead: "セキュリティ設定を変更する前に、ご本人であることを確認してください。",
  codeFromApp: "認証アプリのコード",
  codeFromMail: "メールに記載されたコード",
  recoveryCode: "リカバリーコード",
  trustDevice: "このデバイスを信頼する：しばらくの間、ここでは2段階目を求めない",
  verify: "確認",
  confirm: "確認",
  usePasskey: "パスキーを使う",
  passkeysNeedScriptShort: "パスキーには JavaScript が必要です。",
  emailMeCode: "コードをメールで受け取る",
  codeSent: "メールアドレスにコードをお送りしました。",
  useRecoveryCode: "リカバリーコードを使う",
  useApp: "認証アプリを使う",
  startAgain: "最初からやり直す",
  wrongCode:
    "このコードは使えませんでした。スマートフォンの時刻を確認し、認証アプリに今表示されているコードを入力してください。各コードは一度だけ使えます。",
  wrongRecoveryCode:
    "このリカバリーコードは使えませんでした。各リカバリーコードは一度だけ使えます。別のコードをお試しください。",
  wrongEmailCode:
    "このコードは使えませんでした。最新のメールに記載されたコードを入力してください。各コードは数分間、一度だけ使えます。新しいコードを送信することもできます。",
  wrongPasskey:
    "このパスキーは受け付けられませんでした。このアカウントに追加したパスキーか、別の方法をお使いください。",
  setUp: "2段階認証の設定",
  scanCode:
    "認証アプリ（1Password、Google Authenticator、Aegis など）でこの QR コードを読み取り、表示されたコードを入力してください。",
  qrCode: "認証用シークレットの QR コード",
  cannotScan: "読み取れない場合は、代わりにこのキーをアプリに入力してください：",
  turnOn: "2段階認証を有効にする",
  recoveryCodes: "リカバリーコード",
  keepCodes:
    "これらのリカバリーコードは安全な場所に保管してください。認証アプリを失くしたときに、それぞれ一度だけログインに使えます。表示されるのは今回だけです。",
  download: "テキストファイルとしてダウンロード",
  continue: "続ける",
  usedRecoveryCode: "リカバリーコードでログインしました",
  lastRecoveryCode:
    "これが最後のリカバリーコードでした。今すぐセキュリティ設定で新しいコードを作成してください。",
  recoveryCodesLeft: {
    other:
      "リカバリーコードは残り{count}個です。認証アプリを失くした場合は、セキュリティ設定でもう一度設定してください。",
  },
  invitationSubject: "{inviter}さんから{organization}への招待が届いています",
  invitationBody: "{inviter}さんが、{role}として{organization}に参加するようあなたを招待しました。",
  invitationAccept: "招待を承諾する",
  invitationIgnore: "この招待に心当たりがない場合は、このメールを無視してください。",
  passkeyCancelled:
    "パスキーのリクエストがキャンセルされたか、タイムアウトしたか、このサイトのパスキーが見つかりませんでした。",
  passkeyAlreadyHere: "このデバイスには、このアカウントのパスキーがすでにあります。",
  passkeyWrongAddress: "このアドレスではパスキーを使用できません。",
  passkeyKindUnsupported: "このデバイスでは、このサイトに必要な種類のパスキーを作成できません。",
  passkeyNeedsEmail: "メールアドレスを入力してから、もう一度お試しください。",
  passkeysUnavailable:
    "現在パスキーを利用できません。数分後にもう一度お試しいただくか、別のログイン方法を選んでください。",
  passkeyNotStarted:
    "パスキーを開始できませんでした。もう一度お試しいただくか、別のログイン方法を選んでください。",
  passkeyFailed: "パスキーを使用できませんでした。",
  passkeysUnsupported: "このブラウザはパスキーに対応していません。",
  errors: {
    Configuration: [
      "ログインできません",
      "このサイト側で問題が発生しました。お客様の操作が原因ではありません。数分後にもう一度お試しください。問題が続く場合は、サイトの管理者にお問い合わせください。",
    ],
    AccessDenied: [
      "アクセスが拒否されました",
      "このアカウントではここにログインできません。別のアカウントをお試しいただくか、誤りだと思われる場合はサイトの管理者にお問い合わせください。",
    ],
    Verification: [
      "リンクは無効になりました",
      "このログインリンクは有効期限が切れているか、すでに使用されています。ログインページで新しいリンクをリクエストしてください。",
    ],
    InvalidCheck: [
      "ログインの有効期限切れ",
      "ログインに時間がかかりすぎたか、開始したブラウザとは別のブラウザで完了されました。最初からログインし直してください。",
    ],
    MissingCSRF: [
      "フォームの有効期限切れ",
      "ログインフォームの有効期限が切れたか、ブラウザが Cookie を送信しませんでした。もう一度お試しください。解決しない場合は、このサイトの Cookie を許可してください。",
    ],
    OAuthSignInError: [
      "プロバイダーに接続できません",
      "そのプロバイダーでのログインを開始できませんでした。数分後にもう一度お試しいただくか、別のログイン方法を選んでください。",
    ],
    OAuthCallbackError: [
      "ログインが完了しませんでした",
      "プロバイダーでのログインが完了しませんでした。もう一度お試しいただくか、別のログイン方法を選んでください。",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "このメールアドレスには、別の方法でログインするアカウントがすでにあります。以前と同じ方法でログインしてください。ログイン後に、このプロバイダーを連携できます。",
    ],
    AccountNotLinked: [
      EXISTS,
      "このメールアドレスには、別の方法でログインするアカウントがすでにあります。以前と同じ方法でログインしてください。ログイン後に、このログイン方法を追加できます。",
    ],
    EmailSignInError: [
      "メールを送信できませんでした",
      "ログイン用のメールを送信できませんでした。アドレスを確認し、数分後にもう一度お試しください。",
    ],
    CredentialsSignin: [
      "ログインに失敗しました",
      "入力された情報に一致するアカウントがありません。内容を確認して、もう一度お試しください。",
    ],
    InvalidTwoFactorCode: [
      "コードが受け付けられませんでした",
      "このコードは使えないか、すでに使用されています。認証アプリに今表示されているコードでもう一度お試しいただくか、リカバリーコードをお使いください。",
    ],
    RateLimited: [
      "試行回数が多すぎます",
      "ログインの試行回数が多すぎます。数分待ってから、もう一度お試しください。",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "パスキーが受け付けられませんでした",
      "パスキーを確認できませんでした。もう一度お試しいただくか、別のログイン方法を選んでください。",
    ],
    UnknownAction: [
      "ページが見つかりません",
      "このアドレスにログインページはありません。リンクを確認するか、ログインページに移動してください。",
    ],
    InvalidProvider: [
      "ログイン方法が見つかりません",
      "このサイトではそのログイン方法を提供していません。ログインページで、提供されている方法を選んでください。",
    ],
    default: ["ログインに失敗しました", "ログインできませんでした。最初からログインし直してください。"],
  },
});
