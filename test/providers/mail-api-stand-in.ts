/**
 * A stand-in for the HTTP APIs of Resend, SendGrid, Postmark, Mailgun, Forward Email and Loops, on
 * 127.0.0.1. Each route checks what that service's public API documents (method, path, auth
 * header, content type, required body fields) and answers the way the service does: its success
 * status and body, and its error status and JSON when the key or the request is wrong. Tests read
 * what arrived from `calls`, and make the next send fail as the service fails with `refuseNext`.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ServiceId = "resend" | "sendgrid" | "postmark" | "mailgun" | "forwardemail" | "loops";

export interface ReceivedCall {
  service: ServiceId;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as it arrived. */
  body: string;
}

/** An answer as the service would send it: a JSON value, or a string sent as text/plain. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MailApiStandIn {
  /** `http://127.0.0.1:<port>`: each provider's `baseUrl`. */
  baseUrl: string;
  calls: ReceivedCall[];
  /** The next request that passes the shape checks gets `answer` instead of the service's success. */
  refuseNext(answer: Answer): void;
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const json = (body: string): Json | undefined => {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Json) : undefined;
  } catch {
    return undefined;
  }
};

const isJson = (headers: IncomingHttpHeaders) => /^application\/json\b/i.test(headers["content-type"] ?? "");
const isForm = (headers: IncomingHttpHeaders) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(headers["content-type"] ?? "");
const filled = (value: unknown) => typeof value === "string" && value.length > 0;
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

interface Route {
  service: ServiceId;
  matches(path: string): boolean;
  /** The service's refusal of a request that breaks its documented shape, or undefined when it is well-formed. */
  check(call: ReceivedCall, key: string): Answer | undefined;
  accepted: Answer;
}

/** Resend (resend.com/docs/api-reference/emails/send-email): POST /emails, Bearer key, JSON. */
const resend: Route = {
  service: "resend",
  matches: (path) => path === "/emails",
  check(call, key) {
    if (call.headers.authorization !== `Bearer ${key}`)
      return {
        status: 401,
        body: { statusCode: 401, name: "validation_error", message: "API key is invalid" },
      };
    const body = isJson(call.headers) ? json(call.body) : undefined;
    if (!body)
      return { status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid body." } };
    for (const field of ["from", "to", "subject"])
      if (!filled(body[field]))
        return {
          status: 422,
          body: { statusCode: 422, name: "missing_required_field", message: `Missing \`${field}\` field.` },
        };
    if (!filled(body.html) && !filled(body.text))
      return {
        status: 422,
        body: { statusCode: 422, name: "validation_error", message: "Missing `html` or `text` field." },
      };
    return undefined;
  },
  accepted: { status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } },
};

const sendGridError = (status: number, message: string, field: string | null = null): Answer => ({
  status,
  body: { errors: [{ message, field, help: null }] },
});

/** SendGrid v3 Mail Send: POST /v3/mail/send, Bearer key, JSON; 202 with no body when queued. */
const sendgrid: Route = {
  service: "sendgrid",
  matches: (path) => path === "/v3/mail/send",
  check(call, key) {
    if (call.headers.authorization !== `Bearer ${key}`)
      return sendGridError(401, "The provided authorization grant is invalid, expired, or revoked");
    const body = isJson(call.headers) ? json(call.body) : undefined;
    if (!body) return sendGridError(400, "Bad Request");
    const personalizations = body.personalizations as Array<{ to?: Array<{ email?: unknown }> }> | undefined;
    if (!filled(personalizations?.[0]?.to?.[0]?.email))
      return sendGridError(
        400,
        "The to array is required for all personalization objects",
        "personalizations.0.to",
      );
    if (!filled((body.from as { email?: unknown } | undefined)?.email))
      return sendGridError(400, "The from object must be provided for every email send.", "from");
    if (!filled(body.subject)) return sendGridError(400, "The subject is required.", "subject");
    const content = body.content as Array<{ type?: unknown; value?: unknown }> | undefined;
    if (!content?.length || !content.every((part) => filled(part.type) && filled(part.value)))
      return sendGridError(
        400,
        "Unless a valid template_id is provided, the content parameter is required.",
        "content",
      );
    if (content.length > 1 && content[0]?.type !== "text/plain")
      return sendGridError(
        400,
        "If present, text/plain content must be first, followed by text/html.",
        "content",
      );
    return undefined;
  },
  accepted: { status: 202 },
};

/** Postmark (postmarkapp.com/developer/api/email-api): POST /email, X-Postmark-Server-Token, JSON in and out. */
const postmark: Route = {
  service: "postmark",
  matches: (path) => path === "/email",
  check(call, key) {
    if (call.headers["x-postmark-server-token"] !== key)
      return {
        status: 401,
        body: {
          ErrorCode: 10,
          Message:
            "The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token.",
        },
      };
    const body =
      isJson(call.headers) && call.headers.accept === "application/json" ? json(call.body) : undefined;
    if (!body) return { status: 422, body: { ErrorCode: 402, Message: "Received invalid JSON input." } };
    if (!filled(body.From) || !filled(body.To))
      return {
        status: 422,
        body: { ErrorCode: 300, Message: "Invalid email request: a From and a To are required." },
      };
    if (!filled(body.HtmlBody) && !filled(body.TextBody))
      return {
        status: 422,
        body: { ErrorCode: 300, Message: "Provide either email TextBody or HtmlBody or both." },
      };
    return undefined;
  },
  accepted: {
    status: 200,
    body: {
      To: "",
      SubmittedAt: "2026-11-26T08:00:00Z",
      MessageID: "b7bc2f4a-e38e-4336-af7d-e6c392c2f817",
      ErrorCode: 0,
      Message: "OK",
    },
  },
};

/** Mailgun (documentation.mailgun.com): POST /v3/<domain>/messages, Basic api:<key>, form fields. */
const mailgun = (domain: string): Route => ({
  service: "mailgun",
  matches: (path) => /^\/v3\/[^/]+\/messages$/.test(path),
  check(call, key) {
    if (call.headers.authorization !== basic("api", key)) return { status: 401, body: "Forbidden" };
    if (call.path !== `/v3/${domain}/messages`) return { status: 404, body: { message: "Domain not found" } };
    if (!isForm(call.headers)) return { status: 400, body: { message: "'from' parameter is missing" } };
    const fields = new URLSearchParams(call.body);
    for (const field of ["from", "to"])
      if (!filled(fields.get(field)))
        return { status: 400, body: { message: `'${field}' parameter is missing` } };
    if (!filled(fields.get("text")) && !filled(fields.get("html")))
      return {
        status: 400,
        body: {
          message: "Need at least one of 'text', 'html', 'amp-html' or 'template' parameters specified",
        },
      };
    return undefined;
  },
  accepted: {
    status: 200,
    body: { id: "<20261126080000.1.ABCDEF@mg.example.com>", message: "Queued. Thank you." },
  },
});

/** Forward Email (forwardemail.net/email-api): POST /v1/emails, Basic <key>: (no password), JSON. */
const forwardemail: Route = {
  service: "forwardemail",
  matches: (path) => path === "/v1/emails",
  check(call, key) {
    if (call.headers.authorization !== basic(key, ""))
      return { status: 401, body: { statusCode: 401, error: "Unauthorized", message: "Invalid API token." } };
    const body = isJson(call.headers) ? json(call.body) : undefined;
    if (!body || !filled(body.from) || !filled(body.to))
      return {
        status: 400,
        body: { statusCode: 400, error: "Bad Request", message: "Envelope from and to are required." },
      };
    if (!filled(body.html) && !filled(body.text))
      return {
        status: 400,
        body: { statusCode: 400, error: "Bad Request", message: "Email must have a text or html body." },
      };
    return undefined;
  },
  accepted: { status: 200, body: { id: "6554d5ab0f3e7b2a3c4d5e6f", object: "email", status: "queued" } },
};

/** Loops (loops.so/docs/api-reference/send-transactional-email): POST /api/v1/transactional, Bearer key, JSON. */
const loops: Route = {
  service: "loops",
  matches: (path) => path === "/api/v1/transactional",
  check(call, key) {
    if (call.headers.authorization !== `Bearer ${key}`)
      return { status: 401, body: { success: false, message: "Invalid API key" } };
    const body = isJson(call.headers) ? json(call.body) : undefined;
    if (!body || !filled(body.transactionalId) || !filled(body.email))
      return { status: 400, body: { success: false, message: "transactionalId and email are required." } };
    const variables = body.dataVariables as Json | undefined;
    if (!filled(variables?.url))
      return {
        status: 400,
        body: { success: false, path: "dataVariables", message: "Missing required fields: url" },
      };
    return undefined;
  },
  accepted: { status: 200, body: { success: true } },
};

function send(res: import("node:http").ServerResponse, answer: Answer): void {
  const text =
    answer.body === undefined
      ? ""
      : typeof answer.body === "string"
        ? answer.body
        : JSON.stringify(answer.body);
  const type =
    typeof answer.body === "string" ? "text/plain; charset=utf-8" : "application/json; charset=utf-8";
  res.writeHead(answer.status, {
    ...(answer.body === undefined ? {} : { "content-type": type }),
    ...answer.headers,
  });
  res.end(text);
}

/** Starts the stand-in; `key` is the only API key it accepts, `mailgunDomain` the only Mailgun domain. */
export async function startMailApiStandIn(options: {
  key: string;
  mailgunDomain: string;
}): Promise<MailApiStandIn> {
  const routes = [resend, sendgrid, postmark, mailgun(options.mailgunDomain), forwardemail, loops];
  const calls: ReceivedCall[] = [];
  let refusal: Answer | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      const route = routes.find((candidate) => candidate.matches(path));
      if (!route || req.method !== "POST") return send(res, { status: 404, body: { message: "Not found" } });
      const call: ReceivedCall = {
        service: route.service,
        method: req.method,
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      calls.push(call);
      const problem = route.check(call, options.key);
      if (problem) return send(res, problem);
      const answer = refusal ?? route.accepted;
      refusal = undefined;
      send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    refuseNext(answer) {
      refusal = answer;
    },
    reset() {
      calls.length = 0;
      refusal = undefined;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
