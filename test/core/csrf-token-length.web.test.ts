import { describe, vi } from "vitest";
import { csrfTokenLengthSuite } from "./csrf-token-length.js";

// The whole handler on Web Crypto, as on an edge runtime where package.json's `#crypto` picks web.ts.
vi.mock("#crypto", () => import("../../src/runtime/web.js"));

describe("a csrfToken of the wrong length, on Web Crypto", () => {
  csrfTokenLengthSuite("web");
});
