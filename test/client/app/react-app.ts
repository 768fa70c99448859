/**
 * The React page: `SessionProvider` around a component that shows `useSession`'s status and name,
 * with buttons that sign in, rename (`update`) and sign out. The query picks the provider's props
 * and `useSession`'s options: `interval`, `focus=0`, `required=callback|redirect`; `nested=1` puts
 * the component under a second provider handed the first one's `useSession().data`, as Auth.js's
 * Pages Router example does. With `organizations=1` it also shows `useActiveOrganization` and
 * `useOrganizations`; the React entry's exports are on `window.latchkey` for the test to call, so
 * this tab's provider hears of each change directly.
 */
import { createElement, useEffect } from "react";
import { createRoot } from "react-dom/client";
import * as latchkeyReact from "../../../src/react/index.js";
import {
  SessionProvider,
  signIn,
  signOut,
  type UseSessionOptions,
  useActiveOrganization,
  useOrganizations,
  useSession,
} from "../../../src/react/index.js";

declare global {
  interface Window {
    /** Every status the component rendered, in order. */
    statusLog: string[];
    /** How many times `onUnauthenticated` ran. */
    unauthenticatedCalls: number;
  }
}

const query = new URLSearchParams(window.location.search);
window.statusLog = [];
window.latchkey = latchkeyReact;
window.unauthenticatedCalls = 0;

const required = query.get("required");
const sessionOptions: UseSessionOptions<boolean> | undefined =
  required === "callback"
    ? {
        required: true,
        onUnauthenticated: () => {
          window.unauthenticatedCalls++;
        },
      }
    : required === "redirect"
      ? { required: true }
      : undefined;

function Account() {
  const { data, status, update } = useSession(sessionOptions);
  useEffect(() => {
    window.statusLog.push(status);
  }, [status]);
  const button = (label: string, onClick: () => unknown) =>
    createElement("button", { type: "button", onClick: () => void onClick() }, label);
  return createElement(
    "main",
    null,
    createElement("output", { "data-testid": "status" }, status),
    createElement("p", { "data-testid": "name" }, data?.user?.name ?? ""),
    button("Sign in", () =>
      signIn("credentials", { username: "ada", password: "correct horse", redirect: false }),
    ),
    button("Rename", () => update({ name: "Ada Lovelace" })),
    button("Sign out", () => signOut({ redirect: false })),
  );
}

/** The active organization as `slug:role` ("none", or "loading"), and the user's organizations. */
function Organizations() {
  const active = useActiveOrganization();
  const { data } = useOrganizations();
  return createElement(
    "section",
    null,
    createElement(
      "p",
      { "data-testid": "active-organization" },
      active === undefined ? "loading" : active === null ? "none" : `${active.slug}:${active.role}`,
    ),
    createElement("p", { "data-testid": "organizations" }, (data ?? []).map((o) => o.slug).join(",")),
  );
}

function Nested() {
  const { data } = useSession();
  return createElement(SessionProvider, { session: data }, createElement(Account));
}

const interval = Number(query.get("interval") ?? 0);
createRoot(document.getElementById("root") as HTMLElement).render(
  createElement(
    SessionProvider,
    { refetchInterval: interval, refetchOnWindowFocus: query.get("focus") !== "0" },
    createElement(query.get("nested") === "1" ? Nested : Account),
    query.get("organizations") === "1" ? createElement(Organizations) : null,
  ),
);
