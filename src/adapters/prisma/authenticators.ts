import type { Adapter } from "../types.js";
import type { PrismaModelDelegate } from "./client.js";
import { nullIfNotFound } from "./not-found.js";
import { authenticatorData, toAdapterAuthenticator } from "./records.js";

type AuthenticatorOperations = Required<
  Pick<
    Adapter,
    | "createAuthenticator"
    | "getAuthenticator"
    | "listAuthenticatorsByUserId"
    | "updateAuthenticatorCounter"
    | "deleteAuthenticator"
  >
>;

/**
 * The WebAuthn operations over the Authenticator model. Writes let Prisma's errors through: the
 * contract requires createAuthenticator and updateAuthenticatorCounter to throw on failure (a
 * duplicate credential, an unknown credentialID), never to report success.
 */
export function authenticatorOperations(authenticator: PrismaModelDelegate): AuthenticatorOperations {
  return {
    async createAuthenticator(newAuthenticator) {
      return toAdapterAuthenticator(
        await authenticator.create({ data: authenticatorData(newAuthenticator) }),
      );
    },

    async getAuthenticator(credentialID) {
      const row = await authenticator.findUnique({ where: { credentialID } });
      return row ? toAdapterAuthenticator(row) : null;
    },

    async listAuthenticatorsByUserId(userId) {
      const rows = (await authenticator.findMany({ where: { userId } })) as unknown[];
      return rows.map(toAdapterAuthenticator);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const row = await authenticator.update({ where: { credentialID }, data: { counter: newCounter } });
      return toAdapterAuthenticator(row);
    },

    async deleteAuthenticator(credentialID) {
      const row = await nullIfNotFound(authenticator.delete({ where: { credentialID } }));
      return row ? toAdapterAuthenticator(row) : null;
    },
  };
}
