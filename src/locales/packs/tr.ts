/** Turkish (Türkçe). */
import { language } from "../language.js";

const EXISTS = "Hesap zaten var";
const BRIEFLY: [string, string] = [
  "Geçici olarak kullanılamıyor",
  "Bu sitede giriş kısa bir süre için kullanılamıyor. Lütfen daha sonra tekrar deneyin.",
];

export default language("tr", {
  dir: "ltr",
  signIn: "Giriş yap",
  signInWith: "{provider} ile giriş yap",
  or: "veya",
  noMethods: "Yapılandırılmış bir giriş yöntemi yok.",
  email: "E-posta",
  emailPlaceholder: "siz@example.com",
  createPasskey: "Geçiş anahtarı oluştur",
  passkeysNeedScript:
    "Geçiş anahtarları JavaScript gerektirir. JavaScript’i açın veya başka bir yöntem seçin.",
  signOut: "Çıkış yap",
  signOutQuestion: "Çıkış yapmak istediğinizden emin misiniz?",
  checkEmail: "E-postanızı kontrol edin",
  linkSent: "E-posta adresinize bir giriş bağlantısı gönderdik. Devam etmek için bağlantıyı bu cihazda açın.",
  linkNote: "Bağlantının süresi yakında dolar ve yalnızca bir kez çalışır. Gelmezse spam klasörünüze bakın.",
  orEnterCode: "Ya da e-postadaki 6 haneli kodu girin:",
  codeFromEmail: "E-postadaki kod",
  signInWithCode: "Kodla giriş yap",
  codeExpired: "Bu kodun süresi dolmuş veya kod zaten kullanılmış. Kendinize yeni bir kod gönderin.",
  codeLastTry: "Bu kod doğru değil ve bu son denemeydi. Kendinize yeni bir kod gönderin.",
  codeWrong: {
    one: "Bu kod doğru değil. En son e-postadaki kodu kontrol edip tekrar deneyin: {count} deneme hakkınız kaldı.",
    other:
      "Bu kod doğru değil. En son e-postadaki kodu kontrol edip tekrar deneyin: {count} deneme hakkınız kaldı.",
  },
  sendNewCode: "Yeni kod gönder",
  newCode: "Yeni bir bağlantı ve kod e-postayla gönderilecek.",
  newCodeTo: "{email} adresine yeni bir bağlantı ve kod gönderilecek.",
  backTo: "{host} sitesine dön",
  returnTo: "Bu sayfayı kapatıp {host} sitesine dönebilirsiniz.",
  confirmSignIn: "Girişi onaylayın",
  continueAs: "{email} olarak girişe devam edin.",
  confirmNote: "Bu bağlantı yalnızca bir kez çalışır. Giriş isteğinde bulunmadıysanız bu sayfayı kapatın.",
  mailSubject: "{host} sitesine giriş yapın",
  mailCode: "Ya da bu kodu giriş sayfasına girin:",
  mailIgnore: "Bu e-postayı siz istemediyseniz güvenle yok sayabilirsiniz.",
  codeMailSubject: "{host} için giriş kodunuz",
  codeMailLead: "Girişi tamamlamak için bu kodu girin:",
  codeMailExpiry: "Kod {minutes} boyunca, yalnızca bir kez çalışır.",
  codeMailOpen: "Giriş sayfasını aç",
  twoFactor: "İki adımlı doğrulama",
  twoFactorLead: "Hesabınızda iki adımlı doğrulama açık.",
  stepUpLead: "Güvenlik ayarlarınızı değiştirmeden önce siz olduğunuzu doğrulayın.",
  codeFromApp: "Doğrulama uygulamanızdaki kod",
  codeFromMail: "E-postadaki kod",
  recoveryCode: "Kurtarma kodu",
  trustDevice: "Bu cihaza güven: bir süre burada ikinci adımı sorma",
  verify: "Doğrula",
  confirm: "Onayla",
  usePasskey: "Geçiş anahtarı kullan",
  passkeysNeedScriptShort: "Geçiş anahtarları JavaScript gerektirir.",
  emailMeCode: "Bana e-postayla kod gönder",
  codeSent: "E-posta adresinize bir kod gönderdik.",
  useRecoveryCode: "Kurtarma kodu kullan",
  useApp: "Doğrulama uygulamanı kullan",
  startAgain: "Baştan başla",
  wrongCode:
    "Bu kod çalışmadı. Telefonunuzun saatini kontrol edin ve doğrulama uygulamanızın şu anda gösterdiği kodu girin; her kod yalnızca bir kez çalışır.",
  wrongRecoveryCode:
    "Bu kurtarma kodu çalışmadı. Her kurtarma kodu yalnızca bir kez çalışır; başka birini deneyin.",
  wrongEmailCode:
    "Bu kod çalışmadı. En son e-postadaki kodu girin; her kod yalnızca bir kez ve birkaç dakika boyunca çalışır. Yeni bir kod isteyebilirsiniz.",
  wrongPasskey:
    "Bu geçiş anahtarı kabul edilmedi. Bu hesaba eklediğiniz bir geçiş anahtarını ya da başka bir yöntemi kullanın.",
  setUp: "İki adımlı doğrulamayı kur",
  scanCode:
    "Bu QR kodunu bir doğrulama uygulamasıyla (1Password, Google Authenticator veya Aegis gibi) tarayın, ardından uygulamanın gösterdiği kodu girin.",
  qrCode: "Doğrulama anahtarınızın QR kodu",
  cannotScan: "Tarayamıyor musunuz? Bunun yerine bu anahtarı uygulamaya girin:",
  turnOn: "İki adımlı doğrulamayı aç",
  recoveryCodes: "Kurtarma kodlarınız",
  keepCodes:
    "Bu kurtarma kodlarını güvenli bir yerde saklayın. Doğrulama uygulamanızı kaybederseniz her biriyle bir kez giriş yapabilirsiniz. Yalnızca şimdi gösterilirler.",
  download: "Metin dosyası olarak indir",
  continue: "Devam",
  usedRecoveryCode: "Kurtarma koduyla giriş yapıldı",
  lastRecoveryCode: "Bu son kurtarma kodunuzdu. Hemen güvenlik ayarlarınızdan yenilerini oluşturun.",
  recoveryCodesLeft: {
    one: "{count} kurtarma kodunuz kaldı. Doğrulama uygulamanızı kaybettiyseniz güvenlik ayarlarınızdan yeniden kurun.",
    other:
      "{count} kurtarma kodunuz kaldı. Doğrulama uygulamanızı kaybettiyseniz güvenlik ayarlarınızdan yeniden kurun.",
  },
  invitationSubject: "{inviter} sizi {organization} kuruluşuna davet etti",
  invitationBody: "{inviter} sizi {organization} kuruluşuna {role} olarak katılmaya davet etti.",
  invitationAccept: "Daveti kabul et",
  invitationIgnore: "Bu daveti beklemiyorsanız bu e-postayı yok sayabilirsiniz.",
  passkeyCancelled:
    "Geçiş anahtarı isteği iptal edildi, zaman aşımına uğradı veya bu site için bir geçiş anahtarı bulunamadı.",
  passkeyAlreadyHere: "Bu cihazda bu hesap için zaten bir geçiş anahtarı var.",
  passkeyWrongAddress: "Geçiş anahtarları bu adreste kullanılamaz.",
  passkeyKindUnsupported: "Bu cihaz, bu sitenin gerektirdiği türde bir geçiş anahtarı oluşturamıyor.",
  passkeyNeedsEmail: "E-posta adresinizi girin, ardından tekrar deneyin.",
  passkeysUnavailable:
    "Geçiş anahtarları şu anda kullanılamıyor. Birkaç dakika sonra tekrar deneyin ya da başka bir giriş yolu seçin.",
  passkeyNotStarted: "Geçiş anahtarı başlatılamadı. Tekrar deneyin ya da başka bir giriş yolu seçin.",
  passkeyFailed: "Geçiş anahtarı kullanılamadı.",
  passkeysUnsupported: "Bu tarayıcı geçiş anahtarlarını desteklemiyor.",
  errors: {
    Configuration: [
      "Giriş kullanılamıyor",
      "Bu sitede bir sorun oluştu; sizin yaptığınız bir şeyden kaynaklanmıyor. Birkaç dakika sonra tekrar deneyin. Sorun sürerse sitenin sahibiyle iletişime geçin.",
    ],
    AccessDenied: [
      "Erişim reddedildi",
      "Bu hesap burada giriş yapamaz. Başka bir hesap deneyin ya da bunun bir hata olduğunu düşünüyorsanız sitenin sahibiyle iletişime geçin.",
    ],
    Verification: [
      "Bağlantı artık geçerli değil",
      "Bu giriş bağlantısının süresi dolmuş veya bağlantı zaten kullanılmış. Giriş sayfasına gidip yeni bir bağlantı isteyin.",
    ],
    InvalidCheck: [
      "Girişin süresi doldu",
      "Giriş çok uzun sürdü ya da başladığı tarayıcıdan farklı bir tarayıcıda tamamlandı. Girişe baştan başlayın.",
    ],
    MissingCSRF: [
      "Formun süresi doldu",
      "Giriş formunun süresi dolmuş ya da tarayıcınız çerezini göndermemiş. Tekrar deneyin; yine olmazsa bu site için çerezlere izin verin.",
    ],
    OAuthSignInError: [
      "Sağlayıcıya ulaşılamadı",
      "Bu sağlayıcıyla girişi başlatamadık. Birkaç dakika sonra tekrar deneyin ya da başka bir giriş yolu seçin.",
    ],
    OAuthCallbackError: [
      "Giriş tamamlanmadı",
      "Sağlayıcı girişinizi tamamlamadı. Tekrar deneyin ya da başka bir giriş yolu seçin.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "Bu e-posta adresinin başka bir yolla giriş yapan bir hesabı zaten var. Daha önce nasıl giriş yaptıysanız öyle giriş yapın; giriş yaptıktan sonra bu sağlayıcıyı bağlayabilirsiniz.",
    ],
    AccountNotLinked: [
      EXISTS,
      "Bu e-posta adresinin başka bir yolla giriş yapan bir hesabı zaten var. Daha önce nasıl giriş yaptıysanız öyle giriş yapın; giriş yaptıktan sonra bu giriş yolunu ekleyebilirsiniz.",
    ],
    EmailSignInError: [
      "E-posta gönderilemedi",
      "Giriş e-postasını gönderemedik. Adresi kontrol edip birkaç dakika sonra tekrar deneyin.",
    ],
    CredentialsSignin: [
      "Giriş başarısız",
      "Bu bilgiler hiçbir hesapla eşleşmedi. Kontrol edip tekrar deneyin.",
    ],
    InvalidTwoFactorCode: [
      "Kod kabul edilmedi",
      "Bu kod çalışmadı ya da zaten kullanıldı. Doğrulama uygulamanızın şu anda gösterdiği kodla tekrar deneyin veya kurtarma kodlarınızdan birini kullanın.",
    ],
    RateLimited: [
      "Çok fazla deneme",
      "Çok fazla giriş denemesi yapıldı. Birkaç dakika bekleyip tekrar deneyin.",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "Geçiş anahtarı kabul edilmedi",
      "Geçiş anahtarınız doğrulanamadı. Tekrar deneyin ya da başka bir giriş yolu seçin.",
    ],
    UnknownAction: [
      "Sayfa bulunamadı",
      "Bu adreste bir giriş sayfası yok. Bağlantıyı kontrol edin ya da giriş sayfasına gidin.",
    ],
    InvalidProvider: [
      "Giriş yöntemi bulunamadı",
      "Bu site o giriş yolunu sunmuyor. Giriş sayfasına gidip sunulan yollardan birini seçin.",
    ],
    default: ["Giriş başarısız", "Girişinizi yapamadık. Girişe baştan başlayın."],
  },
});
