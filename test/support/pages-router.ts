/**
 * A Next.js Pages Router app answered in process, for tests of latchkey/next/pages without a built
 * app: a real node:http server on 127.0.0.1 that hands each `pages/api/*` route to Next.js's own
 * `apiResolver` (what `next start` runs for an API route: `req.query` with the catch-all's
 * segments, `req.cookies`, the body parser and its `config.api.bodyParser`, `res.status`/`res.json`),
 * and calls each page's `getServerSideProps` with Node's request and response, as Next.js does
 * before rendering. A page's props are answered as JSON in place of its HTML.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getCookieParser } from "next/dist/server/api-utils/get-cookie-parser.js";
import { apiResolver } from "next/dist/server/api-utils/node/api-resolver.js";
// The types from next/dist/types, not "next": that entry also declares NODE_ENV required in every
// `process.env`-typed object of the program (next/types/global.d.ts), which other tests build.
import type {
  GetServerSideProps,
  GetServerSidePropsResult,
  NextApiHandler,
  PageConfig,
} from "next/dist/types.js";

/** A `pages/api/*` module: its default export, and the `config` it may export beside it. */
export interface ApiRouteModule {
  default: NextApiHandler;
  config?: PageConfig;
}

export interface PagesRoutes {
  /** API routes by their file's path under `pages/`, e.g. `/api/auth/[...nextauth]`, `/api/whoami`. */
  api?: Record<string, ApiRouteModule>;
  /** Pages by path, each with its `getServerSideProps`. */
  pages?: Record<string, GetServerSideProps>;
}

export interface PagesApp {
  /** Where the server listens: `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

/** The query Next.js gives a dynamic route: the URL's search parameters, then the route's own. */
type RouteQuery = Record<string, string | string[]>;

/** The route `pathname` reaches, and its query: a catch-all (`[...name]`) takes one segment or more. */
function match(
  routes: Record<string, ApiRouteModule>,
  pathname: string,
  search: URLSearchParams,
): { module: ApiRouteModule; query: RouteQuery } | undefined {
  const query: RouteQuery = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  for (const [file, module] of Object.entries(routes)) {
    const catchAll = /^(.*)\/\[\.\.\.(\w+)\]$/.exec(file);
    if (!catchAll) {
      if (file === pathname) return { module, query };
      continue;
    }
    const [, prefix, param] = catchAll;
    if (!pathname.startsWith(`${prefix}/`) || pathname.length === `${prefix}/`.length) continue;
    const segments = pathname.slice(`${prefix}/`.length).split("/").map(decodeURIComponent);
    return { module, query: { ...query, [param!]: segments } };
  }
  return undefined;
}

/** Answers `getServerSideProps`' result as `next start` would, with the props as JSON. */
function sendPageResult(res: ServerResponse, result: GetServerSidePropsResult<unknown>): void {
  if ("redirect" in result) {
    const { redirect } = result;
    res.statusCode = "statusCode" in redirect ? redirect.statusCode : redirect.permanent ? 308 : 307;
    res.setHeader("location", redirect.destination);
    res.end();
  } else if ("notFound" in result) {
    res.statusCode = 404;
    res.end();
  } else {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ props: result.props }));
  }
}

async function answer(routes: PagesRoutes, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://pages.invalid");
  const page = routes.pages?.[url.pathname];
  if (page) {
    const context = {
      req: Object.assign(req, { cookies: getCookieParser(req.headers)() }),
      res,
      query: Object.fromEntries(url.searchParams),
      resolvedUrl: `${url.pathname}${url.search}`,
    };
    sendPageResult(res, await page(context));
    return;
  }
  const route = match(routes.api ?? {}, url.pathname, url.searchParams);
  if (!route) {
    res.statusCode = 404;
    res.end("Not Found");
    return;
  }
  // Preview mode is off; production mode, as `next start` runs: a route that throws is a plain 500.
  const previewProps = { previewModeId: "", previewModeEncryptionKey: "", previewModeSigningKey: "" };
  await apiResolver(req, res, route.query, route.module, { ...previewProps, dev: false }, false, false);
}

/** Serves `routes` on a port of 127.0.0.1 the OS gives out. */
export async function servePages(routes: PagesRoutes): Promise<PagesApp> {
  const server = createServer((req, res) => {
    answer(routes, req, res).catch((error: unknown) => {
      // A getServerSideProps that throws: Next.js answers its 500 page.
      console.error(error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
