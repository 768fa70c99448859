/**
 * `latchkey/adapters/testing`: the adapter conformance kit. Run it against your adapter and a
 * real instance of its store; see docs/adapter-conformance.md.
 */

export { ConformanceFailure } from "./assert.js";
export { adapterConformance } from "./conformance.js";
export { runAdapterConformance } from "./report.js";
export type {
  AdapterConformanceOptions,
  ConformanceCheck,
  ConformanceDatabase,
  ConformanceLevel,
  ConformanceReport,
  ConformanceResult,
  StoredRecord,
} from "./types.js";
