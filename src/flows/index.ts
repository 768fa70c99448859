/**
 * The flow for each provider type. Adding a provider type means adding its flow here; nothing in
 * core/ or actions/ changes. OAuth/OIDC, e-mail and WebAuthn flows arrive with their own work.
 */
import { credentialsFlow } from "./credentials.js";
import type { FlowRegistry } from "./types.js";

export const flows: FlowRegistry = {
  credentials: credentialsFlow,
};

export type { Flow, FlowRegistry, FlowSignIn } from "./types.js";
