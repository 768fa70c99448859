/** Polish (polski). */
import { language } from "../language.js";

const EXISTS = "Konto już istnieje";
const BRIEFLY: [string, string] = [
  "Chwilowo niedostępne",
  "Logowanie w tej witrynie jest chwilowo niedostępne. Spróbuj ponownie później.",
];

export default language("pl", {
  dir: "ltr",
  signIn: "Zaloguj się",
  signInWith: "Zaloguj się przez {provider}",
  or: "lub",
  noMethods: "Nie skonfigurowano żadnej metody logowania.",
  email: "E-mail",
  emailPlaceholder: "ty@example.com",
  createPasskey: "Utwórz klucz dostępu",
  passkeysNeedScript: "Klucze dostępu wymagają JavaScriptu. Włącz go lub wybierz inną metodę.",
  signOut: "Wyloguj się",
  signOutQuestion: "Czy na pewno chcesz się wylogować?",
  checkEmail: "Sprawdź skrzynkę e-mail",
  linkSent:
    "Wysłaliśmy link do logowania na Twój adres e-mail. Otwórz go na tym urządzeniu, aby kontynuować.",
  linkNote: "Link wkrótce wygaśnie i działa tylko raz. Jeśli nie dotrze, sprawdź folder ze spamem.",
  orEnterCode: "Albo wpisz 6-cyfrowy kod z e-maila:",
  codeFromEmail: "Kod z e-maila",
  signInWithCode: "Zaloguj się kodem",
  codeExpired: "Ten kod wygasł lub został już użyty. Wyślij sobie nowy kod.",
  codeLastTry: "Ten kod jest nieprawidłowy i była to ostatnia próba. Wyślij sobie nowy kod.",
  codeWrong: {
    one: "Ten kod jest nieprawidłowy. Sprawdź kod w najnowszym e-mailu i spróbuj ponownie: została {count} próba.",
    few: "Ten kod jest nieprawidłowy. Sprawdź kod w najnowszym e-mailu i spróbuj ponownie: zostały {count} próby.",
    many: "Ten kod jest nieprawidłowy. Sprawdź kod w najnowszym e-mailu i spróbuj ponownie: zostało {count} prób.",
    other:
      "Ten kod jest nieprawidłowy. Sprawdź kod w najnowszym e-mailu i spróbuj ponownie: zostało {count} próby.",
  },
  sendNewCode: "Wyślij nowy kod",
  newCode: "Wyślemy e-mailem nowy link i nowy kod.",
  newCodeTo: "Wyślemy nowy link i nowy kod na adres {email}.",
  backTo: "Wróć do {host}",
  returnTo: "Możesz zamknąć tę stronę i wrócić do {host}.",
  confirmSignIn: "Potwierdź logowanie",
  continueAs: "Kontynuuj logowanie jako {email}.",
  confirmNote: "Ten link działa tylko raz. Jeśli nie prosiłeś(-aś) o logowanie, zamknij tę stronę.",
  mailSubject: "Zaloguj się do {host}",
  mailCode: "Albo wpisz ten kod na stronie logowania:",
  mailIgnore: "Jeśli nie prosiłeś(-aś) o tę wiadomość, możesz ją bezpiecznie zignorować.",
  codeMailSubject: "Twój kod logowania do {host}",
  codeMailLead: "Wpisz ten kod, aby dokończyć logowanie:",
  codeMailExpiry: "Kod działa raz, przez {minutes}.",
  codeMailOpen: "Otwórz stronę logowania",
  twoFactor: "Uwierzytelnianie dwuskładnikowe",
  twoFactorLead: "Twoje konto jest chronione uwierzytelnianiem dwuskładnikowym.",
  stepUpLead: "Potwierdź, że to Ty, zanim zmienisz ustawienia bezpieczeństwa.",
  codeFromApp: "Kod z aplikacji uwierzytelniającej",
  codeFromMail: "Kod z e-maila",
  recoveryCode: "Kod odzyskiwania",
  trustDevice: "Ufaj temu urządzeniu: przez jakiś czas nie pytaj tu o drugi składnik",
  verify: "Zweryfikuj",
  confirm: "Potwierdź",
  usePasskey: "Użyj klucza dostępu",
  passkeysNeedScriptShort: "Klucze dostępu wymagają JavaScriptu.",
  emailMeCode: "Wyślij mi kod e-mailem",
  codeSent: "Wysłaliśmy kod na Twój adres e-mail.",
  useRecoveryCode: "Użyj kodu odzyskiwania",
  useApp: "Użyj aplikacji uwierzytelniającej",
  startAgain: "Zacznij od nowa",
  wrongCode:
    "Ten kod nie zadziałał. Sprawdź godzinę w telefonie i wpisz kod, który aplikacja uwierzytelniająca pokazuje teraz; każdy kod działa tylko raz.",
  wrongRecoveryCode:
    "Ten kod odzyskiwania nie zadziałał. Każdy kod odzyskiwania działa tylko raz; spróbuj innego.",
  wrongEmailCode:
    "Ten kod nie zadziałał. Wpisz kod z najnowszego e-maila; każdy kod działa tylko raz, przez kilka minut. Możesz wysłać sobie nowy.",
  wrongPasskey:
    "Ten klucz dostępu nie został zaakceptowany. Użyj klucza dodanego do tego konta lub innej metody.",
  setUp: "Skonfiguruj uwierzytelnianie dwuskładnikowe",
  scanCode:
    "Zeskanuj ten kod QR aplikacją uwierzytelniającą (np. 1Password, Google Authenticator lub Aegis), a potem wpisz kod, który pokaże.",
  qrCode: "Kod QR z sekretem uwierzytelniającym",
  cannotScan: "Nie możesz zeskanować? Wpisz w aplikacji ten klucz:",
  turnOn: "Włącz uwierzytelnianie dwuskładnikowe",
  recoveryCodes: "Twoje kody odzyskiwania",
  keepCodes:
    "Przechowuj te kody odzyskiwania w bezpiecznym miejscu. Każdy pozwala zalogować się raz, jeśli stracisz aplikację uwierzytelniającą. Są widoczne tylko teraz.",
  download: "Pobierz jako plik tekstowy",
  continue: "Dalej",
  usedRecoveryCode: "Zalogowano kodem odzyskiwania",
  lastRecoveryCode: "To był Twój ostatni kod odzyskiwania. Utwórz teraz nowe w ustawieniach bezpieczeństwa.",
  recoveryCodesLeft: {
    one: "Został Ci {count} kod odzyskiwania. Jeśli straciłeś(-aś) aplikację uwierzytelniającą, skonfiguruj ją ponownie w ustawieniach bezpieczeństwa.",
    few: "Zostały Ci {count} kody odzyskiwania. Jeśli straciłeś(-aś) aplikację uwierzytelniającą, skonfiguruj ją ponownie w ustawieniach bezpieczeństwa.",
    many: "Zostało Ci {count} kodów odzyskiwania. Jeśli straciłeś(-aś) aplikację uwierzytelniającą, skonfiguruj ją ponownie w ustawieniach bezpieczeństwa.",
    other:
      "Zostało Ci {count} kodu odzyskiwania. Jeśli straciłeś(-aś) aplikację uwierzytelniającą, skonfiguruj ją ponownie w ustawieniach bezpieczeństwa.",
  },
  invitationSubject: "{inviter} zaprasza Cię do {organization}",
  invitationBody: "{inviter} zaprasza Cię do dołączenia do {organization} jako {role}.",
  invitationAccept: "Przyjmij zaproszenie",
  invitationIgnore: "Jeśli nie spodziewałeś(-aś) się tego zaproszenia, możesz zignorować tę wiadomość.",
  passkeyCancelled:
    "Żądanie klucza dostępu zostało anulowane, wygasło lub nie znaleziono klucza dostępu dla tej witryny.",
  passkeyAlreadyHere: "To urządzenie ma już klucz dostępu do tego konta.",
  passkeyWrongAddress: "Pod tym adresem nie można używać kluczy dostępu.",
  passkeyKindUnsupported:
    "To urządzenie nie może utworzyć klucza dostępu takiego rodzaju, jakiego wymaga ta witryna.",
  passkeyNeedsEmail: "Wpisz swój adres e-mail i spróbuj ponownie.",
  passkeysUnavailable:
    "Klucze dostępu są teraz niedostępne. Spróbuj ponownie za kilka minut lub wybierz inny sposób logowania.",
  passkeyNotStarted:
    "Nie udało się uruchomić klucza dostępu. Spróbuj ponownie lub wybierz inny sposób logowania.",
  passkeyFailed: "Nie udało się użyć klucza dostępu.",
  passkeysUnsupported: "Ta przeglądarka nie obsługuje kluczy dostępu.",
  errors: {
    Configuration: [
      "Logowanie jest niedostępne",
      "Coś poszło nie tak po stronie tej witryny, nie z Twojej winy. Spróbuj ponownie za kilka minut. Jeśli problem się powtarza, skontaktuj się z właścicielem witryny.",
    ],
    AccessDenied: [
      "Odmowa dostępu",
      "To konto nie może się tu zalogować. Spróbuj innego konta lub skontaktuj się z właścicielem witryny, jeśli uważasz, że to pomyłka.",
    ],
    Verification: [
      "Link jest już nieważny",
      "Ten link do logowania wygasł lub został już użyty. Przejdź do strony logowania i poproś o nowy.",
    ],
    InvalidCheck: [
      "Logowanie wygasło",
      "Logowanie trwało zbyt długo albo zostało dokończone w innej przeglądarce niż ta, w której się zaczęło. Zacznij logowanie od nowa.",
    ],
    MissingCSRF: [
      "Formularz wygasł",
      "Formularz logowania wygasł albo przeglądarka nie wysłała jego pliku cookie. Spróbuj ponownie; jeśli to nie pomoże, zezwól tej witrynie na pliki cookie.",
    ],
    OAuthSignInError: [
      "Brak połączenia z dostawcą",
      "Nie udało się rozpocząć logowania przez tego dostawcę. Spróbuj ponownie za kilka minut lub wybierz inny sposób logowania.",
    ],
    OAuthCallbackError: [
      "Logowanie nie zostało dokończone",
      "Dostawca nie dokończył logowania. Spróbuj ponownie lub wybierz inny sposób logowania.",
    ],
    OAuthAccountNotLinked: [
      EXISTS,
      "Do tego adresu e-mail jest już przypisane konto, które loguje się w inny sposób. Zaloguj się tak jak poprzednio; po zalogowaniu możesz połączyć tego dostawcę.",
    ],
    AccountNotLinked: [
      EXISTS,
      "Do tego adresu e-mail jest już przypisane konto, które loguje się w inny sposób. Zaloguj się tak jak poprzednio; po zalogowaniu możesz dodać ten sposób logowania.",
    ],
    EmailSignInError: [
      "Nie wysłano e-maila",
      "Nie udało się wysłać e-maila do logowania. Sprawdź adres i spróbuj ponownie za kilka minut.",
    ],
    CredentialsSignin: [
      "Logowanie nie powiodło się",
      "Te dane nie pasują do żadnego konta. Sprawdź je i spróbuj ponownie.",
    ],
    InvalidTwoFactorCode: [
      "Kod nie został przyjęty",
      "Ten kod nie zadziałał lub był już użyty. Spróbuj ponownie z kodem, który aplikacja uwierzytelniająca pokazuje teraz, albo użyj jednego z kodów odzyskiwania.",
    ],
    RateLimited: [
      "Zbyt wiele prób",
      "Było zbyt wiele prób logowania. Odczekaj kilka minut i spróbuj ponownie.",
    ],
    StoreUnavailable: BRIEFLY,
    StoreFull: BRIEFLY,
    RateLimitStoreError: BRIEFLY,
    LockTimeout: BRIEFLY,
    WebAuthnVerificationError: [
      "Klucz dostępu nie został przyjęty",
      "Nie udało się zweryfikować klucza dostępu. Spróbuj ponownie lub wybierz inny sposób logowania.",
    ],
    UnknownAction: [
      "Nie znaleziono strony",
      "Pod tym adresem nie ma strony logowania. Sprawdź link lub przejdź do strony logowania.",
    ],
    InvalidProvider: [
      "Nie znaleziono metody logowania",
      "Ta witryna nie oferuje takiego sposobu logowania. Przejdź do strony logowania i wybierz jeden z dostępnych.",
    ],
    default: ["Logowanie nie powiodło się", "Nie udało się Cię zalogować. Zacznij logowanie od nowa."],
  },
});
