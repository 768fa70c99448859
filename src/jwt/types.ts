/** The claims latchkey's session JWT may carry. Applications add their own through the `jwt` callback. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null;
  email?: string | null;
  picture?: string | null;
  sub?: string;
  iat?: number;
  exp?: number;
  jti?: string;
}

/** What the `jwt` callback returns and `decode` yields. Augment it by declaration merging. */
export interface JWT extends DefaultJWT {}

/** One secret, or several for rotation: the first encrypts, all of them decrypt. */
export type SecretInput = string | string[];

export interface JWTEncodeParams<Payload = JWT> {
  /** The claims to encrypt. `iat`, `exp` and `jti` are always set fresh. */
  token?: Payload;
  /** Binds the derived key to its use; for session tokens it is the session cookie's name. */
  salt: string;
  secret: SecretInput;
  /** Lifetime in seconds, a finite number greater than 0; defaults to 30 days (2592000). */
  maxAge?: number;
}

export interface JWTDecodeParams {
  token?: string | null;
  salt: string;
  secret: SecretInput;
}

/** Structural logger accepted by {@link getToken}; `console` fits. */
export interface TokenLogger {
  warn(...args: unknown[]): void;
  debug?(...args: unknown[]): void;
}

/** Header values as Node's IncomingHttpHeaders or a plain record carry them. */
export type HeaderRecord = Record<string, string | string[] | undefined>;

export interface GetTokenParams<R extends boolean = false> {
  /**
   * The incoming request: a Web `Request`, or anything with `headers` as `Headers` or a plain record
   * (and optionally its absolute `url`, from which `secureCookie` is inferred).
   */
  req: Request | { headers: Headers | HeaderRecord; url?: string };
  secret: SecretInput;
  /** Key-derivation salt; defaults to the cookie name. */
  salt?: string;
  /**
   * Use the `__Secure-` cookie name. When not given: whether AUTH_URL is https if AUTH_URL is set,
   * else whether the request URL is (`https:` reads the secure name; a path-only URL reads as http).
   */
  secureCookie?: boolean;
  /** Cookie to read; defaults to the session cookie name (with the secure prefix when `secureCookie`). */
  cookieName?: string;
  /** Return the raw token string instead of decoding it. */
  raw?: R;
  /** Replaces the default decoder, e.g. when the app configured `jwt.decode`. */
  decode?: (params: JWTDecodeParams) => Promise<JWT | null> | JWT | null;
  logger?: TokenLogger;
}

export interface JWTOptions {
  /** Lifetime of issued tokens in seconds; defaults to 30 days. */
  maxAge?: number;
  encode?: (params: JWTEncodeParams<JWT>) => Promise<string> | string;
  decode?: (params: JWTDecodeParams) => Promise<JWT | null> | JWT | null;
}
