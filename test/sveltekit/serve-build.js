// Serves the built SvelteKit fixture (adapter-node's `handler`) on a port the OS picks and prints
// its origin as JSON on the first line. Run as `node serve-build.js <build dir>` by sveltekit.test.ts.
// adapter-node takes the app's origin from ORIGIN when its module loads (else it assumes https),
// so the port is chosen first and the handler loaded after.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

const server = createServer();
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
process.env.ORIGIN = origin;
const { handler } = await import(pathToFileURL(`${process.argv[2]}/handler.js`).href);
server.on("request", handler);
console.log(JSON.stringify({ origin }));
