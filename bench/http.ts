/**
 * The HTTP group: `GET /auth/session` with a JWT session cookie over real loopback HTTP, each server
 * in a process of its own (see http-server.ts), driven by http-load.ts at 1, 10 and 100 concurrent
 * connections. The contenders take turns in time slices, order reversed every other round, so the
 * machine's noise falls on all of them alike. Each server's memory is read after the warm-up and
 * again at the end: over the whole run that is a bounded soak of every server.
 */
import { type ChildProcess, fork } from "node:child_process";
import { request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { encode } from "latchkey/jwt";
import type { BenchGroup } from "./harness.js";
import { runLoad } from "./http-load.js";
import { HTTP_SECRET, HTTP_VARIANTS, type HttpVariant } from "./http-server.js";

const CONCURRENCY = [1, 10, 100] as const;
const EMAIL = "ada@example.test";

interface Server {
  variant: HttpVariant;
  child: ChildProcess;
  port: number;
}

function once<T>(child: ChildProcess, pick: (message: unknown) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const value = pick(message);
      if (value === undefined) return;
      child.off("message", onMessage);
      resolve(value);
    };
    child.on("message", onMessage);
    child.once("exit", (code) => reject(new Error(`the benchmark server exited (${code})`)));
  });
}

async function startServer(variant: HttpVariant): Promise<Server> {
  const child = fork(fileURLToPath(new URL("./http-server.ts", import.meta.url)), [variant], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await once(child, (message) => (message as { port?: number }).port);
  return { variant, child, port };
}

const rssOf = async (server: Server): Promise<number> => {
  const rss = once(server.child, (message) => (message as { rss?: number }).rss);
  server.child.send("memory");
  return rss;
};

/** One request the way the load generator sends it, to check the answer is the signed-in session. */
function fetchSession(port: number, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path: "/auth/session", headers: { host: "app.test", cookie } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve(body));
      },
    );
    req.once("error", reject);
    req.end();
  });
}

export async function httpBenchmark(
  quick: boolean,
): Promise<{ groups: BenchGroup[]; results: Map<string, number> }> {
  const rounds = quick ? 2 : 5;
  const sliceMs = quick ? 300 : 1200;
  const warmupMs = quick ? 300 : 1000;

  const token = await encode({
    token: { name: "Ada Lovelace", email: EMAIL, sub: "user-1" },
    secret: HTTP_SECRET,
    salt: "authjs.session-token",
  });
  const cookie = `authjs.session-token=${token}`;
  const request = Buffer.from(
    `GET /auth/session HTTP/1.1\r\nHost: app.test\r\nCookie: ${cookie}\r\nConnection: keep-alive\r\n\r\n`,
  );

  const servers = await Promise.all(HTTP_VARIANTS.map(startServer));
  try {
    for (const server of servers) {
      const body = JSON.parse(await fetchSession(server.port, cookie)) as {
        user?: { email?: string };
      } | null;
      if (body?.user?.email !== EMAIL)
        throw new Error(`${server.variant}: GET /session did not return the session`);
    }
    const load = (server: Server, concurrency: number, durationMs: number) =>
      runLoad({ port: server.port, request, concurrency, durationMs, expectedStatus: 200 });

    for (const server of servers) await load(server, 10, warmupMs);
    const rssBefore = await Promise.all(servers.map(rssOf));

    const results = new Map<string, number>();
    const groups: BenchGroup[] = [];
    let unexpected = 0;
    let requests = 0;
    for (const concurrency of CONCURRENCY) {
      const title = `HTTP GET /auth/session (jwt), ${concurrency} concurrent connection${concurrency > 1 ? "s" : ""}`;
      const totals = new Map(servers.map((server) => [server.variant, { responses: 0, ms: 0 }]));
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) {
          const result = await load(server, concurrency, sliceMs);
          const total = totals.get(server.variant) as { responses: number; ms: number };
          total.responses += result.responses;
          total.ms += result.elapsedMs;
          unexpected += result.unexpected;
          requests += result.responses;
        }
      }
      for (const [variant, { responses, ms }] of totals)
        results.set(`${title}/${variant}`, (responses / ms) * 1000);
      groups.push({
        title,
        tasks: HTTP_VARIANTS.map((name) => ({ name, fn: () => undefined })),
        ratios: [
          ["latchkey toNodeHandler", "latchkey plain bridge"],
          ["latchkey toNodeHandler", "@auth/core plain bridge"],
          ["latchkey toNodeHandler", "floor: node:crypto handler"],
        ],
      });
    }
    const rssAfter = await Promise.all(servers.map(rssOf));
    const megabytes = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
    const last = groups.at(-1) as BenchGroup;
    last.notes = [
      `${requests.toLocaleString("en-US")} requests in all, ${unexpected} with another status than 200`,
      ...servers.map(
        (server, index) =>
          `memory (rss) of ${server.variant}: ${megabytes(rssBefore[index] as number)} after the warm-up, ${megabytes(rssAfter[index] as number)} at the end`,
      ),
    ];
    return { groups, results };
  } finally {
    for (const server of servers) server.child.kill();
  }
}
