/**
 * E-mail providers that send through a mail service's HTTP API (src/core/mail-api-provider.ts),
 * through `Auth()` against a real HTTP server standing in for the service: the sign-in mail is
 * latchkey's own, addressed to the one address the sign-in named, and a service that refuses the
 * message (or a provider without its key) ends the sign-in with EmailSignInError.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import { type MailApiUserConfig, mailApiProvider, postJson } from "../../src/core/mail-api-provider.js";
import type { AuthConfig } from "../../src/index.js";
import { requestLink } from "../flows/email/helpers.js";
import { locationOf, makeConfig, recordingLogger } from "./helpers.js";

interface Received {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

let server: Server;
let serviceUrl: string;
const received: Received[] = [];
/** The status the stand-in service answers with. */
let status = 200;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    received.push({ authorization: req.headers.authorization, body: await readJson(req) });
    res.writeHead(status, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** An app whose e-mail provider ("email") sends through the stand-in service. */
function app(options: MailApiUserConfig) {
  const logs = recordingLogger();
  const provider = mailApiProvider(
    { id: "email", name: "Test mail service" },
    (mail, configured) =>
      postJson(
        serviceUrl,
        { authorization: `Bearer ${configured.apiKey}` },
        {
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        },
      ),
    options,
  );
  const config: AuthConfig = makeConfig({
    adapter: MemoryAdapter(createMemoryTables()),
    logger: logs.logger,
    providers: [provider],
  });
  return { config, logs };
}

describe("an e-mail provider sending through a mail service's API", () => {
  it("sends latchkey's sign-in mail, with its link, to the one address the sign-in named", async () => {
    received.length = 0;
    status = 200;
    const { config } = app({ apiKey: "service-key", from: "Example <no-reply@example.com>" });
    const response = await requestLink(config, "Ada@Example.test");
    expect(locationOf(response).pathname).toBe("/auth/verify-request");
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.authorization).toBe("Bearer service-key");
    expect(mail?.body).toMatchObject({ from: "Example <no-reply@example.com>", to: "ada@example.test" });
    expect(String(mail?.body.text)).toMatch(/\/auth\/callback\/email\?/);
  });

  it("ends the sign-in with EmailSignInError when the service refuses the message, naming its status", async () => {
    status = 422;
    const { config, logs } = app({ apiKey: "service-key", from: "no-reply@example.com" });
    const response = await requestLink(config, "ada@example.test");
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(logs.errors.map((error) => error.name)).toEqual(["EmailSignInError"]);
    expect(logs.text()).toContain("422");
    status = 200;
  });

  it("sends nothing without an API key, and says which option is missing", async () => {
    received.length = 0;
    const { config, logs } = app({ from: "no-reply@example.com" });
    const response = await requestLink(config, "ada@example.test");
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(received).toHaveLength(0);
    expect(logs.text()).toContain("needs `apiKey`");
  });
});
