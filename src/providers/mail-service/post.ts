/**
 * One POST to a mail service's HTTP API with `fetch` (so it runs on edge runtimes too), and its
 * answer turned into an error that carries the service's own words and never the key.
 */

/** What to send: where (relative to the service's API root), with which headers and body. */
export interface MailApiRequest {
  path: string;
  headers: Record<string, string>;
  /** JSON text, or form fields (fetch sends them as application/x-www-form-urlencoded). */
  body: string | URLSearchParams;
}

/** How a service answers: what it calls a refusal, in its words. */
export interface MailServiceAnswers {
  /** Shown in errors: `"Resend"`. */
  name: string;
  /** The service's message in the body of a refusal (parsed JSON, or the text when it was not JSON). */
  refusalMessage(body: unknown): string | undefined;
}

/**
 * The `message` string of a JSON refusal: the field Resend, Mailgun, Forward Email and Loops all
 * put their reason in.
 */
export function messageField(body: unknown): string | undefined {
  const message =
    typeof body === "object" && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : undefined;
}

/** The mail service refused the sign-in mail, or could not be reached. `status` is its HTTP status, if it answered. */
export class MailServiceError extends Error {
  override name = "MailServiceError";
  readonly status: number | undefined;

  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

/** A refusal's message is logged: enough to act on, not a whole HTML error page. */
const LONGEST_MESSAGE = 500;

/**
 * `text` without any of `secrets`. A service that echoes the key it was given (in a "this key is
 * not valid" message) must not put the key into the app's logs.
 */
function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((clean, secret) => (secret ? clean.split(secret).join("[redacted]") : clean), text);
}

async function answerBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.trim();
  }
}

function describeRefusal(
  service: MailServiceAnswers,
  response: Response,
  body: unknown,
  secrets: readonly string[],
): string {
  // Redacted before it is cut short, so no cut can leave the start of a key behind.
  const said = redact(
    service.refusalMessage(body) ?? (typeof body === "string" && body ? body : response.statusText),
    secrets,
  );
  const message = said.length > LONGEST_MESSAGE ? `${said.slice(0, LONGEST_MESSAGE)}…` : said;
  return `${service.name} refused the sign-in e-mail (HTTP ${response.status}): ${message || "no reason given"}`;
}

/**
 * POSTs `request` to `url`; resolves once the service accepted the mail, else throws a
 * `MailServiceError` with the service's message, every one of `secrets` removed from it.
 */
export async function postToMailService(
  service: MailServiceAnswers,
  url: URL,
  request: MailApiRequest,
  secrets: readonly string[],
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      // A redirect would carry the key on to wherever it points: fetch drops `Authorization` on a
      // cross-origin redirect but keeps every other header, X-Postmark-Server-Token included (Fetch
      // Standard §4.4, HTTP-redirect fetch). No mail API redirects a send, so none is followed.
      redirect: "manual",
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MailServiceError(
      redact(`${service.name} could not be reached at ${url.origin}: ${reason}`, secrets),
      undefined,
      { cause: error },
    );
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel();
    throw new MailServiceError(
      `${service.name} answered with a redirect (HTTP ${response.status}), which is not followed: the API key would go with it. Check the provider's \`baseUrl\`.`,
      response.status,
    );
  }
  if (response.ok) {
    await response.body?.cancel(); // the receipt is not needed; release the connection
    return;
  }
  const body = await answerBody(response);
  throw new MailServiceError(describeRefusal(service, response, body, secrets), response.status);
}
