import { afterAll, beforeAll, expect, it } from "vitest";
import OIDC from "../../../src/providers/oidc.js";
import { SECRET } from "../../core/helpers.js";
import { newBrowser, sessionOf, signInAtOP } from "./browser.js";
import { CLIENT_SECRET, startOP, type TestOP } from "./op.js";

let op: TestOP;
beforeAll(async () => {
  op = await startOP();
});
afterAll(() => op.close());

it("signs in", async () => {
  const config = {
    providers: [OIDC({ id: "op", name: "OP", issuer: op.issuer, clientId: "latchkey", clientSecret: CLIENT_SECRET })],
    secret: SECRET,
    trustHost: true,
  };
  const browser = newBrowser();
  const response = await signInAtOP(config, browser, "op", "alice");
  console.log(response.status, response.headers.get("location"));
  console.log(await sessionOf(config, browser));
});
