/**
 * Debian's Chromium, headless, driven by playwright-core, with WebAuthn virtual authenticators added
 * through the DevTools protocol (`WebAuthn.addVirtualAuthenticator`). The browser gets a fresh
 * profile, no network beyond the test server, and bounded timeouts, so a hung step fails the test
 * instead of the suite.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type BrowserContext,
  type CDPSession,
  chromium,
  type Page,
  type Browser as PlaywrightBrowser,
} from "playwright-core";

/** Debian's package; CHROMIUM_PATH points elsewhere (GitHub's runners ship Google Chrome). */
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Where screenshots go: gitignored, kept by CI as artifacts. */
export const ARTIFACTS = fileURLToPath(new URL("../../../test-artifacts/passkeys/", import.meta.url));

/** The flags for a quiet, offline, throwaway browser (no sandbox: CI runs as root in a container). */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // WebAuthn needs a secure context and a domain as RP ID: the page is served as http://localhost,
  // which this pins to the IPv4 loopback the test server listens on.
  "--host-resolver-rules=MAP localhost 127.0.0.1",
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A hung step fails its test after 15 s rather than the suite's timeout. */
function boundTimeouts(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(15_000);
  return context;
}

/** Fails with the fix when Chromium is not installed. */
function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run installs it).`,
    );
  }
}

/** Launches Chromium with a fresh profile; fails with the fix when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  assertChromiumInstalled();
  const profile = mkdtempSync(join(tmpdir(), "latchkey-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    timeout: 30_000,
  });
  boundTimeouts(context);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface Devices {
  /**
   * A new browser context: its own cookies and storage, as a separate device would have, announcing
   * `userAgent` so the app can tell the devices apart.
   */
  device(userAgent: string): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * One Chromium process holding several isolated contexts, each a "device" of its own: cheaper than
 * a browser per device, and as separate (no shared cookies, storage or cache).
 */
export async function launchChromiumDevices(): Promise<Devices> {
  assertChromiumInstalled();
  const browser: PlaywrightBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    timeout: 30_000,
  });
  return {
    async device(userAgent) {
      return boundTimeouts(await browser.newContext({ userAgent }));
    },
    async close() {
      await browser.close();
    },
  };
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  id: string;
  /** The credentials it holds: ids in base64url, with their signature counters. */
  credentials(): Promise<Array<{ id: string; signCount: number; isResidentCredential: boolean }>>;
  remove(): Promise<void>;
}

/**
 * A platform authenticator as a passkey-capable device has one: CTAP2, internal transport,
 * resident keys, user verification that succeeds, presence given without a prompt.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    id: authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      return credentials.map((credential) => ({
        id: Buffer.from(credential.credentialId, "base64").toString("base64url"),
        signCount: credential.signCount,
        isResidentCredential: credential.isResidentCredential,
      }));
    },
    async remove() {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    },
  };
}

/** Saves a full-page screenshot under {@link ARTIFACTS}. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * What went wrong in the page that no assertion would see: Content-Security-Policy violations (a
 * strict policy must never fire) and uncaught script errors.
 */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}
