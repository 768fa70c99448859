/**
 * The logger latchkey writes to: the app's own methods where it gave them, else the console with a
 * `[latchkey]` prefix; debug output only with `debug: true`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../src/pipeline/logger.js";
import { makeConfig } from "./helpers.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const consoleSpies = () => ({
  error: vi.spyOn(console, "error").mockImplementation(() => undefined),
  warn: vi.spyOn(console, "warn").mockImplementation(() => undefined),
  debug: vi.spyOn(console, "debug").mockImplementation(() => undefined),
});

describe("the console logger (no logger configured)", () => {
  it("writes errors with their name, message and cause", () => {
    const spies = consoleSpies();
    const cause = new Error("socket closed");
    createLogger(makeConfig()).error(
      Object.assign(new Error("could not read", { cause }), { name: "AdapterError" }),
    );
    createLogger(makeConfig()).error(new TypeError("no cause"));
    expect(spies.error.mock.calls).toEqual([
      ["[latchkey][error] AdapterError: could not read", cause],
      ["[latchkey][error] TypeError: no cause", ""],
    ]);
  });

  it("writes warnings with their code and, when given, their message", () => {
    const spies = consoleSpies();
    const logger = createLogger(makeConfig());
    logger.warn("WeakSecret", "make it longer");
    logger.warn("BareCode");
    expect(spies.warn.mock.calls).toEqual([
      ["[latchkey][warn] WeakSecret: make it longer"],
      ["[latchkey][warn] BareCode"],
    ]);
  });

  it("writes debug output only with debug: true", () => {
    const spies = consoleSpies();
    createLogger(makeConfig()).debug("hidden", { a: 1 });
    expect(spies.debug).not.toHaveBeenCalled();
    const logger = createLogger(makeConfig({ debug: true }));
    logger.debug("shown", { a: 1 });
    logger.debug("bare");
    expect(spies.debug.mock.calls).toEqual([
      ["[latchkey][debug] shown", { a: 1 }],
      ["[latchkey][debug] bare", ""],
    ]);
  });
});

describe("an app's logger", () => {
  it("receives each level it implements, called on itself; the console takes the rest", () => {
    const spies = consoleSpies();
    const received: unknown[] = [];
    const custom = {
      prefix: "app",
      warn(this: { prefix: string }, code: string) {
        received.push(`${this.prefix}:${code}`);
      },
      debug(this: { prefix: string }, message: string) {
        received.push(`${this.prefix}:${message}`);
      },
    };
    const logger = createLogger(makeConfig({ logger: custom, debug: true }));
    logger.warn("Code");
    logger.debug("detail");
    logger.error(new Error("boom"));
    expect(received).toEqual(["app:Code", "app:detail"]);
    expect(spies.warn).not.toHaveBeenCalled();
    expect(spies.debug).not.toHaveBeenCalled();
    expect(spies.error).toHaveBeenCalledTimes(1);
  });

  it("never receives debug output without debug: true", () => {
    const debug = vi.fn();
    createLogger(makeConfig({ logger: { debug } })).debug("hidden");
    expect(debug).not.toHaveBeenCalled();
  });
});
