/**
 * `latchkey/adapters`: the storage contract and the in-memory adapter.
 * Database adapters live in their own entry points (`latchkey/adapters/prisma`), and the
 * conformance checks for adapter authors in `latchkey/adapters/testing`.
 */

export { type LatchkeyExtension, type MissingExtension, missingExtensions } from "./capabilities.js";
export type { MemoryRecoveryCode, MemoryTables } from "./memory.js";
export { createMemoryTables, MemoryAdapter, MemoryAdapterConstraintError } from "./memory.js";
export {
  missingOrganizationMethods,
  missingOrganizationMethodsMessage,
  ORGANIZATION_METHODS,
} from "./organization-methods.js";
export {
  missingTwoFactorMethods,
  missingTwoFactorMethodsMessage,
  TWO_FACTOR_METHODS,
} from "./two-factor-methods.js";
export type {
  Adapter,
  AdapterAccount,
  AdapterAccountTokenField,
  AdapterAccountTokens,
  AdapterAccountType,
  AdapterAccountWithoutUserId,
  AdapterAuthenticator,
  AdapterInvitation,
  AdapterInvitationAcceptance,
  AdapterInvitationStatus,
  AdapterMember,
  AdapterMemberChange,
  AdapterMemberWithUser,
  AdapterOrganization,
  AdapterSession,
  AdapterTwoFactor,
  AdapterUser,
  Awaitable,
  OrganizationMethod,
  TwoFactorMethod,
  VerificationToken,
} from "./types.js";
