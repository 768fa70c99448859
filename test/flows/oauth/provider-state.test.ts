/**
 * What latchkey learns about a provider at run time lives on the resolved provider: one state per
 * resolution, shared by whoever holds that provider, never by a copy or another configuration.
 */
import { describe, expect, it } from "vitest";
import { providerState, withProviderState } from "../../../src/flows/oauth/provider-state.js";
import OIDC from "../../../src/providers/oidc.js";

const provider = () =>
  OIDC({ id: "acme", name: "Acme", issuer: "https://id.acme.test", clientId: "c", clientSecret: "s" });

describe("provider state", () => {
  it("is one state for a resolved provider, kept across reads", () => {
    const resolved = withProviderState(provider());
    const state = providerState(resolved);
    state.metadata = { server: Promise.resolve({ issuer: "https://id.acme.test" }), fetchedAt: 1 };
    expect(providerState(resolved)).toBe(state);
    expect(providerState(resolved).metadata?.fetchedAt).toBe(1);
  });

  it("leaves the provider it copies untouched, and keeps its options", () => {
    const original = provider();
    const resolved = withProviderState(original);
    expect(resolved).not.toBe(original);
    expect(resolved).toEqual(original);
    providerState(resolved).metadata = { server: Promise.resolve({ issuer: "x" }), fetchedAt: 1 };
    expect(providerState(original)).toEqual({});
  });

  it("is separate for two resolutions of the same provider", () => {
    const options = provider();
    const first = withProviderState(options);
    const second = withProviderState(options);
    providerState(first).metadata = { server: Promise.resolve({ issuer: "x" }), fetchedAt: 1 };
    expect(providerState(second)).toEqual({});
  });

  it("does not travel with a spread copy of a resolved provider", () => {
    const resolved = withProviderState(provider());
    providerState(resolved).metadata = { server: Promise.resolve({ issuer: "x" }), fetchedAt: 1 };
    expect(providerState({ ...resolved })).toEqual({});
    expect(Object.keys(resolved)).toEqual(Object.keys(provider()));
  });

  it("is fresh on every read for a provider that was never resolved", () => {
    const unresolved = provider();
    const state = providerState(unresolved);
    state.metadata = { server: Promise.resolve({ issuer: "x" }), fetchedAt: 1 };
    expect(providerState(unresolved)).not.toBe(state);
    expect(providerState(unresolved)).toEqual({});
  });
});
