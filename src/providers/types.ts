/**
 * `latchkey/providers/types`: the provider configuration types. They are declared in
 * `src/provider-types.ts`, below everything that names them (the config, the core, the flows), so
 * that the provider factories in this folder may use the core's helpers without the core depending
 * on this folder.
 */
export type * from "../provider-types.js";
