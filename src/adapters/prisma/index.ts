/**
 * `latchkey/adapters/prisma`: the Prisma adapter. The schemas it expects ship in the package
 * under `prisma/` (postgresql, mysql, sqlite, mongodb, and a snake_case example).
 */

export { type AuthenticatorMethod, PrismaAdapter, type PrismaAdapterMethods } from "./adapter.js";
export type {
  PrismaClientLike,
  PrismaConditionalDelegate,
  PrismaModelDelegate,
  PrismaModels,
  PrismaOrganizationDelegate,
  PrismaTransactionOptions,
} from "./client.js";
