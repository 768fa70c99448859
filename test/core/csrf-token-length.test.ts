import { describe } from "vitest";
import { csrfTokenLengthSuite } from "./csrf-token-length.js";

describe("a csrfToken of the wrong length, on node:crypto", () => {
  csrfTokenLengthSuite("node");
});
