/**
 * Turns a Web Request into the parsed shape every action works with. All validation of what the
 * client controls happens here, so that malformed input becomes a 4xx with a reason, never a 500.
 */
import { parseCookieHeader } from "../cookie/header.js";
import type { AuthRequest, Method } from "../core/context.js";
import { InvalidRequest, MethodNotAllowed, UnknownAction } from "../core/errors.js";
import { parseUrlEncoded, readBody } from "./body.js";
import { allowedMethods, type MethodRoute, type RouteTable, routeNamed } from "./routes.js";

function splitPath(url: URL, basePath: string): { action: string; providerId: string | undefined } {
  const prefix = `${basePath}/`;
  const pathname = url.pathname; // a getter that slices the href on every read
  if (!pathname.startsWith(prefix)) {
    throw new UnknownAction(`This handler serves routes under ${basePath}/, not ${pathname}.`);
  }
  const segments = pathname.slice(prefix.length).split("/");
  if (segments.at(-1) === "") segments.pop(); // a trailing slash
  if (segments.length === 0 || segments.length > 2) {
    throw new UnknownAction(`Unknown route ${pathname}.`);
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

/** A request the router accepted, with the table's entry for its route and method. */
export interface RoutedRequest extends AuthRequest {
  route: MethodRoute;
}

/** Parses and validates an incoming request against the configuration's route table. */
export async function parseAuthRequest(
  request: Request,
  basePath: string,
  maxBodyBytes: number,
  routes: RouteTable,
): Promise<RoutedRequest> {
  const url = new URL(request.url);
  const { action, providerId } = splitPath(url, basePath);
  const route = routeNamed(routes, action);
  if (route === undefined) throw new UnknownAction(`Unknown action "${action}".`);
  const method = request.method.toUpperCase() as Method;
  const methodRoute = route.methods[method];
  if (methodRoute === undefined) throw new MethodNotAllowed(allowedMethods(route));

  const providerRule = methodRoute.provider ?? route.provider;
  if (providerRule === "required" && !providerId) {
    throw new InvalidRequest(`${method} ${action} needs a provider id in its path.`);
  }
  if (providerRule === "none" && providerId !== undefined) {
    throw new InvalidRequest(`The ${action} route takes no provider id.`);
  }

  return {
    request,
    url,
    method,
    action,
    providerId,
    route: methodRoute,
    query: parseUrlEncoded(url.search.slice(1), "query"),
    body: method === "POST" ? await readBody(request, maxBodyBytes) : Object.create(null),
    cookies: parseCookieHeader(request.headers.get("cookie")),
  };
}
