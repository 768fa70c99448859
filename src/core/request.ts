/**
 * Turns a Web Request into the parsed shape every action works with. All validation of what the
 * client controls happens here, so that malformed input becomes a 4xx with a reason, never a 500.
 */
import { parseCookieHeader, type RequestCookies } from "../cookie/header.js";
import { type Action, isAction, type Method, ROUTES } from "./actions.js";
import { type FieldRecord, parseUrlEncoded, readBody } from "./body.js";
import { InvalidRequest, UnknownAction } from "./errors.js";

export interface AuthRequest {
  request: Request;
  url: URL;
  method: Method;
  action: Action;
  providerId: string | undefined;
  query: Record<string, string>;
  body: FieldRecord;
  cookies: RequestCookies;
}

export class MethodNotAllowed extends Error {
  constructor(readonly allowed: readonly Method[]) {
    super(`Use ${allowed.join(" or ")} for this route.`);
  }
}

function splitPath(url: URL, basePath: string): { action: string; providerId: string | undefined } {
  const prefix = `${basePath}/`;
  if (!url.pathname.startsWith(prefix)) {
    throw new UnknownAction(`This handler serves routes under ${basePath}/, not ${url.pathname}.`);
  }
  const segments = url.pathname.slice(prefix.length).split("/");
  if (segments.at(-1) === "") segments.pop(); // a trailing slash
  if (segments.length === 0 || segments.length > 2) {
    throw new UnknownAction(`Unknown route ${url.pathname}.`);
  }
  let providerId: string | undefined;
  if (segments[1] !== undefined) {
    try {
      providerId = decodeURIComponent(segments[1]);
    } catch {
      throw new InvalidRequest("The provider id in the path is not valid percent-encoding.");
    }
  }
  return { action: segments[0] as string, providerId };
}

/** Parses and validates an incoming request against the route table. */
export async function parseAuthRequest(
  request: Request,
  basePath: string,
  maxBodyBytes: number,
): Promise<AuthRequest> {
  const url = new URL(request.url);
  const { action, providerId } = splitPath(url, basePath);
  if (!isAction(action)) throw new UnknownAction(`Unknown action "${action}".`);
  const route = ROUTES[action];
  const method = request.method.toUpperCase();
  if (!(route.methods as readonly string[]).includes(method)) throw new MethodNotAllowed(route.methods);

  const needsProvider =
    route.provider === "required" || (method === "POST" && route.providerOnPost === "required");
  if (needsProvider && !providerId)
    throw new InvalidRequest(`The ${action} route needs a provider id in its path.`);
  if (route.provider === "none" && providerId !== undefined) {
    throw new InvalidRequest(`The ${action} route takes no provider id.`);
  }

  return {
    request,
    url,
    method: method as Method,
    action,
    providerId,
    query: parseUrlEncoded(url.search.slice(1), "query"),
    body: method === "POST" ? await readBody(request, maxBodyBytes) : Object.create(null),
    cookies: parseCookieHeader(request.headers.get("cookie")),
  };
}
