/**
 * The client's requests to the handler. Cookies go along (`credentials: "include"`, so a handler
 * on another origin sees them too), and an answer that is not the handler's JSON fails with a
 * message that points at the usual cause, a `basePath` that does not match the server's.
 */
import { authUrl } from "./base-url.js";

/** A route answered with something other than the handler's JSON. */
export class ClientFetchError extends Error {
  override name = "ClientFetchError";
  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer arrived. */
    readonly status: number,
  ) {
    super(message);
  }
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** Sends the request and parses its JSON body; anything else is a {@link ClientFetchError}. */
export async function requestJson<T>(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "include", ...init });
  } catch (error) {
    throw new ClientFetchError(`${init.method ?? "GET"} ${url} failed: ${String(error)}`, 0);
  }
  if (!JSON_TYPE.test(response.headers.get("content-type") ?? "")) {
    throw new ClientFetchError(
      `${init.method ?? "GET"} ${url} answered ${response.status} without JSON: is the client's basePath the handler's? (see configureClient)`,
      response.status,
    );
  }
  return { status: response.status, body: (await response.json()) as T };
}

/** GET a route's JSON; a 4xx or 5xx answer is a {@link ClientFetchError} carrying the handler's reason. */
export async function getJson<T>(route: string): Promise<T> {
  const url = authUrl(route);
  const { status, body } = await requestJson<T & { message?: string }>(url);
  if (status >= 400) {
    throw new ClientFetchError(
      `GET ${url} answered ${status}: ${body?.message ?? "no reason given"}`,
      status,
    );
  }
  return body;
}

/** The fields of a form post: every value that is not undefined, as text. */
export function formBody(fields: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) body.set(name, String(value));
  }
  return body;
}

/**
 * POSTs a form with `X-Auth-Return-Redirect: 1`, so that the handler answers the redirect it would
 * send a browser as 200 `{ url }`, which the caller follows or reads the error from.
 */
export function postForRedirect(url: string, fields: Record<string, unknown>) {
  return requestJson<{ url?: string; error?: string; message?: string }>(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Auth-Return-Redirect": "1",
    },
    body: formBody(fields),
  });
}
