/** The browser side of the plain pages: `latchkey/client` as `window.latchkey`, for the test to call. */
import * as latchkey from "../../../src/client/index.js";

declare global {
  interface Window {
    latchkey: typeof latchkey;
  }
}

window.latchkey = latchkey;
