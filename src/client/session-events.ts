/**
 * Sign-in, sign-out and session updates, told to this tab's listeners and to the app's other tabs,
 * so that a sign-out in one tab signs every tab out. Tabs talk over a `BroadcastChannel` (HTML
 * Living Standard §9.5); where there is none, over the `storage` event of `localStorage` (§12.2.1),
 * which fires in every other tab of the origin. Only the kind of change crosses tabs, never the
 * session: each tab asks the server for its own.
 */
import type { Session } from "../index.js";

/** What changed: a sign-in finished, the user signed out, or the session was updated. */
export type SessionChangeTrigger = "signin" | "signout" | "update";

export interface SessionChange {
  trigger: SessionChangeTrigger;
  /** True when another tab made the change; this tab should ask for its session. */
  fromOtherTab: boolean;
  /** The session after the change, when this tab knows it (its own sign-out or update). */
  session?: Session | null;
}

export type SessionChangeListener = (change: SessionChange) => void;

const CHANNEL_NAME = "latchkey.session";
const STORAGE_KEY = "latchkey.session";
const TRIGGERS: ReadonlySet<string> = new Set<SessionChangeTrigger>(["signin", "signout", "update"]);

const listeners = new Set<SessionChangeListener>();

/** This tab's end of the line to the others, opened with the first listener, closed with the last. */
let line: { post(trigger: SessionChangeTrigger): void; close(): void } | undefined;

function fromOtherTab(value: unknown): void {
  const trigger = (value as { trigger?: unknown } | null)?.trigger;
  if (typeof trigger !== "string" || !TRIGGERS.has(trigger)) return;
  for (const listener of [...listeners])
    listener({ trigger: trigger as SessionChangeTrigger, fromOtherTab: true });
}

function openLine(): NonNullable<typeof line> {
  if (typeof BroadcastChannel === "function") {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event) => fromOtherTab(event.data);
    return { post: (trigger) => channel.postMessage({ trigger }), close: () => channel.close() };
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || event.newValue === null) return;
    try {
      fromOtherTab(JSON.parse(event.newValue));
    } catch {
      // not ours: another script wrote the key
    }
  };
  window.addEventListener("storage", onStorage);
  return {
    // The storage event fires only when the value changes, so each message carries a fresh nonce.
    post: (trigger) => {
      try {
        localStorage.setItem(
          STORAGE_KEY,
          JSON.stringify({ trigger, nonce: `${Date.now()}.${Math.random()}` }),
        );
      } catch {
        // storage disabled (a private window's quota, a policy): other tabs learn on their next refetch
      }
    },
    close: () => window.removeEventListener("storage", onStorage),
  };
}

/** A one-off line for a tab without listeners, which still tells the others. */
function postToOtherTabs(trigger: SessionChangeTrigger): void {
  if (line) {
    line.post(trigger);
    return;
  }
  const once = openLine();
  once.post(trigger);
  once.close();
}

/** Tells this tab's listeners and the other tabs that the session changed. */
export function announceSessionChange(trigger: SessionChangeTrigger, session?: Session | null): void {
  const change: SessionChange = {
    trigger,
    fromOtherTab: false,
    ...(session === undefined ? {} : { session }),
  };
  for (const listener of [...listeners]) listener(change);
  postToOtherTabs(trigger);
}

/**
 * Calls `listener` whenever this tab or another tab of the app signs in, signs out or updates the
 * session through this client. Returns the function that stops it. `SessionProvider` uses it;
 * apps without React can too.
 *
 * @example
 * ```ts
 * import { getSession, onSessionChange } from "latchkey/client";
 *
 * const stop = onSessionChange(async ({ trigger }) => {
 *   if (trigger === "signout") window.location.assign("/");
 *   else console.log("now", await getSession());
 * });
 * stop();
 * ```
 */
export function onSessionChange(listener: SessionChangeListener): () => void {
  listeners.add(listener);
  line ??= openLine();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && line) {
      line.close();
      line = undefined;
    }
  };
}
