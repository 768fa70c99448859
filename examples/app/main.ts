/** `npm run example`: the example app on http://localhost:3000, its OpenID Provider on port 3001. */
import { startExample } from "./app.js";

const port = Number(process.env.PORT ?? 3000);
const opPort = Number(process.env.OP_PORT ?? 3001);
// The example's own origin, so links in mail and redirects point at it whatever Host is used.
process.env.AUTH_URL ??= `http://localhost:${port}/auth`;

const example = await startExample({ port, opPort });
console.log(
  `latchkey example on ${example.url}  (OpenID Provider: ${example.issuer}, mailbox: ${example.url}/mail)`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void example.close().then(() => process.exit(0));
  });
}
