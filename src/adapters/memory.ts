/**
 * An {@link Adapter} that keeps everything in process memory: for tests, demos and single-process
 * tools. It enforces the same uniqueness, foreign-key and cascade rules as the shipped database
 * schemas (prisma/), so code that passes against it does not trip over constraints later.
 */

import {
  ACCOUNT_COLUMNS,
  ACCOUNT_TOKEN_COLUMNS,
  pickDefined,
  SESSION_METADATA_COLUMNS,
  twoFactorFields,
} from "./columns.js";
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterInvitation,
  AdapterMember,
  AdapterMemberChange,
  AdapterOrganization,
  AdapterSession,
  AdapterTwoFactor,
  AdapterUser,
  VerificationToken,
} from "./types.js";

/**
 * The stored records, one map per table. Read the maps' values to inspect state in tests; the keys
 * are an internal encoding (composite keys are JSON arrays) and may change.
 */
export interface MemoryTables {
  /** By user id. */
  users: Map<string, AdapterUser>;
  /** By `[provider, providerAccountId]`. */
  accounts: Map<string, AdapterAccount>;
  /** By sessionToken. */
  sessions: Map<string, AdapterSession>;
  /** By `[identifier, token]`. */
  verificationTokens: Map<string, VerificationToken>;
  /** By credentialID. */
  authenticators: Map<string, AdapterAuthenticator>;
  /** By userId: one two-factor record per user. */
  twoFactors: Map<string, AdapterTwoFactor>;
  /** By `[userId, codeHash]`; a spent code stays, with `usedAt` set, as a database row would. */
  recoveryCodes: Map<string, MemoryRecoveryCode>;
  /** By organization id. */
  organizations: Map<string, AdapterOrganization>;
  /** By `[organizationId, userId]`: one membership per user and organization. */
  members: Map<string, AdapterMember>;
  /** By invitation id. */
  invitations: Map<string, AdapterInvitation>;
}

/** One stored recovery code: only its hash, and when it was spent. */
export interface MemoryRecoveryCode {
  userId: string;
  codeHash: string;
  usedAt: Date | null;
}

/** Raised when a write would break a constraint that a database schema would enforce. */
export class MemoryAdapterConstraintError extends Error {
  override name = "MemoryAdapterConstraintError";
}

/** Empty tables for {@link MemoryAdapter}; pass your own to inspect or pre-fill them. */
export function createMemoryTables(): MemoryTables {
  return {
    users: new Map(),
    accounts: new Map(),
    sessions: new Map(),
    verificationTokens: new Map(),
    authenticators: new Map(),
    twoFactors: new Map(),
    recoveryCodes: new Map(),
    organizations: new Map(),
    members: new Map(),
    invitations: new Map(),
  };
}

function compositeKey(...parts: string[]): string {
  return JSON.stringify(parts);
}

/**
 * A copy that shares no object with the store, so mutating it never changes what is stored. Rows
 * are almost always flat (strings, numbers, null, Dates): those are copied field by field, each Date
 * anew, which is several times faster than structuredClone on the session read every request makes.
 * Anything else (an app's nested field, an array) goes through structuredClone, which keeps Dates
 * as Dates.
 */
function copy<T>(record: T): T {
  if (record === null || typeof record !== "object" || Object.getPrototypeOf(record) !== Object.prototype) {
    return structuredClone(record);
  }
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value instanceof Date) flat[key] = new Date(value.getTime());
    else if (value !== null && (typeof value === "object" || typeof value === "function"))
      return structuredClone(record);
    else flat[key] = value;
  }
  return flat as T;
}

function copyOrNull<T>(record: T | undefined): T | null {
  return record === undefined ? null : copy(record);
}

/** Copies the listed fields that are present; undefined means "not given", as in a database write. */
function toStoredUser(user: AdapterUser, id: string): AdapterUser {
  // Only the model's columns are kept: profile extras (locale, nickname, …) are dropped, as a
  // database adapter must drop them.
  return {
    id,
    email: user.email,
    emailVerified: user.emailVerified ?? null,
    name: user.name ?? null,
    image: user.image ?? null,
  };
}

function toStoredAccount(account: AdapterAccount): AdapterAccount {
  return copy(pickDefined(account, ACCOUNT_COLUMNS)) as AdapterAccount;
}

function toStoredOrganization(organization: AdapterOrganization): AdapterOrganization {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    logo: organization.logo ?? null,
    metadata: organization.metadata ?? null,
    createdAt: organization.createdAt,
  };
}

function toStoredMember(member: AdapterMember): AdapterMember {
  return {
    id: member.id,
    organizationId: member.organizationId,
    userId: member.userId,
    role: member.role,
    createdAt: member.createdAt,
    lastActiveAt: member.lastActiveAt ?? null,
  };
}

function toStoredInvitation(invitation: AdapterInvitation): AdapterInvitation {
  return {
    id: invitation.id,
    organizationId: invitation.organizationId,
    email: invitation.email,
    role: invitation.role,
    status: invitation.status,
    inviterId: invitation.inviterId,
    expires: invitation.expires,
    createdAt: invitation.createdAt,
  };
}

function toStoredAuthenticator(authenticator: AdapterAuthenticator): AdapterAuthenticator {
  return {
    credentialID: authenticator.credentialID,
    userId: authenticator.userId,
    providerAccountId: authenticator.providerAccountId,
    credentialPublicKey: authenticator.credentialPublicKey,
    counter: authenticator.counter,
    credentialDeviceType: authenticator.credentialDeviceType,
    credentialBackedUp: authenticator.credentialBackedUp,
    transports: authenticator.transports ?? null,
  };
}

/**
 * Creates an in-memory adapter implementing every {@link Adapter} method, including the latchkey
 * extensions `listSessionsByUserId` (with session metadata), `createUserAndLinkAccount`,
 * `updateAccount`, `deleteAuthenticator`, the two-factor methods (`getTwoFactor` …
 * `countRecoveryCodes`) and the organization methods (`createOrganization` … `acceptInvitation`).
 *
 * - `createUser` keeps the id it is given (or makes a random UUID); database adapters may assign
 *   their own, so always use the id of the returned user.
 * - Every method returns a copy: mutating a returned record never changes what is stored.
 * - Deleting a user deletes their accounts, sessions, authenticators, two-factor record,
 *   recovery codes and memberships.
 * - State lives in `tables` and disappears with the process.
 *
 * @example
 * ```ts
 * import { Auth } from "latchkey";
 * import { MemoryAdapter } from "latchkey/adapters";
 *
 * const adapter = MemoryAdapter();
 * const response = await Auth(request, { adapter, providers, secret });
 * ```
 */
export function MemoryAdapter(tables: MemoryTables = createMemoryTables()): Required<Adapter> {
  const { users, accounts, sessions, verificationTokens, authenticators, twoFactors, recoveryCodes } = tables;
  const { organizations, members, invitations } = tables;

  function requireUser(userId: string, action: string): void {
    if (!users.has(userId)) {
      throw new MemoryAdapterConstraintError(`${action}: no user with id ${JSON.stringify(userId)}`);
    }
  }

  function assertEmailFree(email: string | null | undefined, exceptUserId?: string): void {
    if (email == null) return;
    for (const user of users.values()) {
      if (user.email === email && user.id !== exceptUserId) {
        throw new MemoryAdapterConstraintError(`A user with e-mail ${JSON.stringify(email)} already exists`);
      }
    }
  }

  function insertUser(user: AdapterUser): AdapterUser {
    const id = user.id || crypto.randomUUID();
    if (users.has(id))
      throw new MemoryAdapterConstraintError(`A user with id ${JSON.stringify(id)} already exists`);
    assertEmailFree(user.email);
    const stored = copy(toStoredUser(user, id));
    users.set(id, stored);
    return stored;
  }

  function insertAccount(account: AdapterAccount): AdapterAccount {
    requireUser(account.userId, "linkAccount");
    const key = compositeKey(account.provider, account.providerAccountId);
    if (accounts.has(key)) {
      throw new MemoryAdapterConstraintError(
        `Account ${account.provider}/${account.providerAccountId} is already linked to a user`,
      );
    }
    const stored = toStoredAccount(account);
    accounts.set(key, stored);
    return stored;
  }

  function removeWhere<V extends { userId: string }>(table: Map<string, V>, userId: string): void {
    for (const [key, record] of table) {
      if (record.userId === userId) table.delete(key);
    }
  }

  function assertSlugFree(slug: string, exceptId?: string): void {
    for (const organization of organizations.values()) {
      if (organization.slug === slug && organization.id !== exceptId) {
        throw new MemoryAdapterConstraintError(
          `An organization with slug ${JSON.stringify(slug)} already exists`,
        );
      }
    }
  }

  function insertMember(member: AdapterMember): AdapterMember {
    if (!organizations.has(member.organizationId)) {
      throw new MemoryAdapterConstraintError(
        `addMember: no organization with id ${JSON.stringify(member.organizationId)}`,
      );
    }
    requireUser(member.userId, "addMember");
    const stored = copy(toStoredMember(member));
    members.set(compositeKey(member.organizationId, member.userId), stored);
    return stored;
  }

  function ownersOf(organizationId: string): number {
    let owners = 0;
    for (const member of members.values()) {
      if (member.organizationId === organizationId && member.role === "owner") owners++;
    }
    return owners;
  }

  /**
   * The conditions updateMemberRole and removeMember share, checked with the write in one
   * synchronous step (no await in between), which is what makes them atomic here.
   */
  function changeMember(
    organizationId: string,
    userId: string,
    fromRoles: readonly string[],
    staysOwner: boolean,
    write: (key: string, member: AdapterMember) => void,
  ): AdapterMemberChange {
    const key = compositeKey(organizationId, userId);
    const member = members.get(key);
    if (!member) return { outcome: "notMember" };
    if (!fromRoles.includes(member.role)) return { outcome: "roleMoved", member: copy(member) };
    if (member.role === "owner" && !staysOwner && ownersOf(organizationId) <= 1)
      return { outcome: "lastOwner" };
    write(key, member);
    return { outcome: "done", before: copy(member) };
  }

  function newestFirst(a: AdapterInvitation, b: AdapterInvitation): number {
    return b.createdAt.getTime() - a.createdAt.getTime();
  }

  function countUnusedRecoveryCodes(userId: string): number {
    let unused = 0;
    for (const code of recoveryCodes.values()) {
      if (code.userId === userId && code.usedAt === null) unused++;
    }
    return unused;
  }

  return {
    async createUser(user) {
      return copy(insertUser(user));
    },

    async getUser(id) {
      return copyOrNull(users.get(id));
    },

    async getUserByEmail(email) {
      for (const user of users.values()) {
        if (user.email === email) return copy(user);
      }
      return null;
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const account = accounts.get(compositeKey(provider, providerAccountId));
      return account ? copyOrNull(users.get(account.userId)) : null;
    },

    async updateUser(changes) {
      const current = users.get(changes.id);
      if (!current)
        throw new MemoryAdapterConstraintError(`updateUser: no user with id ${JSON.stringify(changes.id)}`);
      const updates = pickDefined(changes, ["email", "emailVerified", "name", "image"]);
      if (updates.email !== undefined) assertEmailFree(updates.email, current.id);
      const updated = { ...current, ...copy(updates) };
      users.set(current.id, updated);
      return copy(updated);
    },

    async deleteUser(userId) {
      const user = users.get(userId);
      if (!user) return null;
      // The schemas declare onDelete: Cascade on every relation to User.
      removeWhere(accounts, userId);
      removeWhere(sessions, userId);
      removeWhere(authenticators, userId);
      twoFactors.delete(userId);
      removeWhere(recoveryCodes, userId);
      removeWhere(members, userId);
      users.delete(userId);
      return user;
    },

    async linkAccount(account) {
      return copy(insertAccount(account));
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const key = compositeKey(provider, providerAccountId);
      const account = accounts.get(key);
      accounts.delete(key);
      return account;
    },

    async listAccountsByUserId(userId) {
      return [...accounts.values()].filter((account) => account.userId === userId).map(copy);
    },

    async getAccount(providerAccountId, provider) {
      return copyOrNull(accounts.get(compositeKey(provider, providerAccountId)));
    },

    async updateAccount(tokens) {
      const key = compositeKey(tokens.provider, tokens.providerAccountId);
      const current = accounts.get(key);
      if (!current) return null;
      const updated: AdapterAccount = { ...current };
      for (const [field, value] of Object.entries(pickDefined(tokens, ACCOUNT_TOKEN_COLUMNS))) {
        // null clears a token: the field is left out, as a token never stored reads back.
        if (value === null) delete updated[field];
        else updated[field] = copy(value);
      }
      accounts.set(key, updated);
      return copy(updated);
    },

    async createSession(session) {
      requireUser(session.userId, "createSession");
      if (sessions.has(session.sessionToken)) {
        throw new MemoryAdapterConstraintError("A session with this sessionToken already exists");
      }
      const stored: AdapterSession = {
        ...pickDefined(session, SESSION_METADATA_COLUMNS),
        sessionToken: session.sessionToken,
        userId: session.userId,
        expires: session.expires,
      };
      sessions.set(session.sessionToken, copy(stored));
      return copy(stored);
    },

    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken);
      const user = session && users.get(session.userId);
      if (!session || !user) return null;
      return { session: copy(session), user: copy(user) };
    },

    async updateSession(changes) {
      const current = sessions.get(changes.sessionToken);
      if (!current) return null;
      const updates = pickDefined(changes, ["expires", "userId", ...SESSION_METADATA_COLUMNS]);
      if (updates.userId !== undefined) requireUser(updates.userId, "updateSession");
      const updated = { ...current, ...copy(updates) };
      sessions.set(current.sessionToken, updated);
      return copy(updated);
    },

    async deleteSession(sessionToken) {
      const session = sessions.get(sessionToken);
      sessions.delete(sessionToken);
      return session ?? null;
    },

    async listSessionsByUserId(userId) {
      return [...sessions.values()]
        .filter((session) => session.userId === userId)
        .sort((a, b) => a.expires.getTime() - b.expires.getTime())
        .map(copy);
    },

    async createVerificationToken(verificationToken) {
      const key = compositeKey(verificationToken.identifier, verificationToken.token);
      if (verificationTokens.has(key)) {
        throw new MemoryAdapterConstraintError("This verification token already exists");
      }
      const stored = {
        identifier: verificationToken.identifier,
        token: verificationToken.token,
        expires: verificationToken.expires,
      };
      verificationTokens.set(key, copy(stored));
      return copy(stored);
    },

    async useVerificationToken({ identifier, token }) {
      // Read and delete happen in one synchronous step, so of concurrent callers exactly one
      // sees the token (a sign-in link works once).
      const key = compositeKey(identifier, token);
      const stored = verificationTokens.get(key);
      verificationTokens.delete(key);
      return stored ?? null;
    },

    async createAuthenticator(authenticator) {
      requireUser(authenticator.userId, "createAuthenticator");
      if (authenticators.has(authenticator.credentialID)) {
        throw new MemoryAdapterConstraintError("An authenticator with this credentialID already exists");
      }
      const stored = toStoredAuthenticator(authenticator);
      authenticators.set(stored.credentialID, stored);
      return copy(stored);
    },

    async getAuthenticator(credentialID) {
      return copyOrNull(authenticators.get(credentialID));
    },

    async listAuthenticatorsByUserId(userId) {
      return [...authenticators.values()]
        .filter((authenticator) => authenticator.userId === userId)
        .map(copy);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const current = authenticators.get(credentialID);
      if (!current) {
        throw new MemoryAdapterConstraintError(
          `updateAuthenticatorCounter: no authenticator with credentialID ${JSON.stringify(credentialID)}`,
        );
      }
      const updated = { ...current, counter: newCounter };
      authenticators.set(credentialID, updated);
      return copy(updated);
    },

    async deleteAuthenticator(credentialID) {
      const authenticator = authenticators.get(credentialID);
      authenticators.delete(credentialID);
      return authenticator ?? null;
    },

    async getTwoFactor(userId) {
      return copyOrNull(twoFactors.get(userId));
    },

    async setTwoFactor(record) {
      requireUser(record.userId, "setTwoFactor");
      const stored = copy(twoFactorFields(record));
      // A spent step stays spent (see the contract): the later of the stored and the given one.
      const spent = twoFactors.get(stored.userId)?.lastTotpStep ?? null;
      if (spent !== null && (stored.lastTotpStep === null || stored.lastTotpStep < spent)) {
        stored.lastTotpStep = spent;
      }
      twoFactors.set(stored.userId, stored);
      return copy(stored);
    },

    async deleteTwoFactor(userId) {
      twoFactors.delete(userId);
      removeWhere(recoveryCodes, userId);
    },

    async spendTotpStep(userId, step) {
      // The check and the write happen in one synchronous step, so of concurrent callers with
      // the same step exactly one sees it unspent (RFC 6238 §5.2: a code is accepted once).
      const current = twoFactors.get(userId);
      if (!current || (current.lastTotpStep !== null && current.lastTotpStep >= step)) return false;
      twoFactors.set(userId, { ...current, lastTotpStep: step });
      return true;
    },

    async replaceRecoveryCodes(userId, codeHashes) {
      if (codeHashes.length > 0) requireUser(userId, "replaceRecoveryCodes");
      if (new Set(codeHashes).size !== codeHashes.length) {
        throw new MemoryAdapterConstraintError("replaceRecoveryCodes: the same code hash is listed twice");
      }
      removeWhere(recoveryCodes, userId);
      for (const codeHash of codeHashes) {
        recoveryCodes.set(compositeKey(userId, codeHash), { userId, codeHash, usedAt: null });
      }
    },

    async useRecoveryCode(userId, codeHash) {
      // Synchronous from lookup to write: of concurrent uses of one code exactly one succeeds.
      const key = compositeKey(userId, codeHash);
      const code = recoveryCodes.get(key);
      if (!code || code.usedAt !== null) return null;
      recoveryCodes.set(key, { ...code, usedAt: new Date() });
      return { remaining: countUnusedRecoveryCodes(userId) };
    },

    async countRecoveryCodes(userId) {
      return countUnusedRecoveryCodes(userId);
    },

    async createUserAndLinkAccount(user, account) {
      // Both inserts run without an await in between, and the account is checked before the
      // user is written, so a failed link leaves nothing behind.
      const key = compositeKey(account.provider, account.providerAccountId);
      if (accounts.has(key)) {
        throw new MemoryAdapterConstraintError(
          `Account ${account.provider}/${account.providerAccountId} is already linked to a user`,
        );
      }
      const storedUser = insertUser(user);
      const storedAccount = insertAccount({ ...account, userId: storedUser.id } as AdapterAccount);
      return { user: copy(storedUser), account: copy(storedAccount) };
    },

    async createOrganization(organization, owner) {
      if (organizations.has(organization.id)) {
        throw new MemoryAdapterConstraintError(
          `An organization with id ${JSON.stringify(organization.id)} already exists`,
        );
      }
      assertSlugFree(organization.slug);
      requireUser(owner.userId, "createOrganization");
      const stored = copy(toStoredOrganization(organization));
      organizations.set(stored.id, stored);
      const member = insertMember({ ...owner, organizationId: stored.id });
      return { organization: copy(stored), member: copy(member) };
    },

    async getOrganization(id) {
      return copyOrNull(organizations.get(id));
    },

    async getOrganizationBySlug(slug) {
      for (const organization of organizations.values()) {
        if (organization.slug === slug) return copy(organization);
      }
      return null;
    },

    async updateOrganization(changes) {
      const current = organizations.get(changes.id);
      if (!current) return null;
      const updates = pickDefined(changes, ["name", "slug", "logo", "metadata"]);
      if (updates.slug !== undefined) assertSlugFree(updates.slug, current.id);
      const updated = { ...current, ...copy(updates) };
      organizations.set(current.id, updated);
      return copy(updated);
    },

    async deleteOrganization(id) {
      const organization = organizations.get(id);
      if (!organization) return null;
      const removed: AdapterMember[] = [];
      for (const [key, member] of members) {
        if (member.organizationId !== id) continue;
        removed.push(member);
        members.delete(key);
      }
      for (const [key, invitation] of invitations) {
        if (invitation.organizationId === id) invitations.delete(key);
      }
      organizations.delete(id);
      return { organization, members: removed };
    },

    async listOrganizationsByUserId(userId) {
      const found: Array<{ organization: AdapterOrganization; member: AdapterMember }> = [];
      for (const member of members.values()) {
        const organization = member.userId === userId && organizations.get(member.organizationId);
        if (organization) found.push({ organization: copy(organization), member: copy(member) });
      }
      return found.sort((a, b) => a.member.createdAt.getTime() - b.member.createdAt.getTime());
    },

    async getMember(organizationId, userId) {
      return copyOrNull(members.get(compositeKey(organizationId, userId)));
    },

    async listMembers(organizationId) {
      return [...members.values()]
        .filter((member) => member.organizationId === organizationId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .flatMap((member) => {
          const user = users.get(member.userId);
          if (!user) return [];
          return [
            {
              ...copy(member),
              user: { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null },
            },
          ];
        });
    },

    async addMember(member) {
      if (members.has(compositeKey(member.organizationId, member.userId))) return null;
      return copy(insertMember(member));
    },

    async updateMemberRole({ organizationId, userId, role, fromRoles }) {
      return changeMember(organizationId, userId, fromRoles, role === "owner", (key, member) => {
        members.set(key, { ...member, role });
      });
    },

    async removeMember({ organizationId, userId, fromRoles }) {
      return changeMember(organizationId, userId, fromRoles, false, (key) => {
        members.delete(key);
      });
    },

    async markMemberActive(organizationId, userId, at) {
      const key = compositeKey(organizationId, userId);
      const member = members.get(key);
      if (member) members.set(key, { ...member, lastActiveAt: new Date(at.getTime()) });
    },

    async createInvitation(invitation) {
      if (!organizations.has(invitation.organizationId)) {
        throw new MemoryAdapterConstraintError(
          `createInvitation: no organization with id ${JSON.stringify(invitation.organizationId)}`,
        );
      }
      if (invitations.has(invitation.id)) {
        throw new MemoryAdapterConstraintError("An invitation with this id already exists");
      }
      const stored = copy(toStoredInvitation(invitation));
      invitations.set(stored.id, stored);
      return copy(stored);
    },

    async getInvitation(id) {
      return copyOrNull(invitations.get(id));
    },

    async listInvitations(organizationId) {
      return [...invitations.values()]
        .filter((invitation) => invitation.organizationId === organizationId)
        .sort(newestFirst)
        .map(copy);
    },

    async listInvitationsByEmail(email) {
      return [...invitations.values()]
        .filter((invitation) => invitation.email === email)
        .sort(newestFirst)
        .map(copy);
    },

    async updatePendingInvitation({ id, status, expires }) {
      // Check and write in one synchronous step: a used invitation is never revived.
      const current = invitations.get(id);
      if (current?.status !== "pending") return null;
      const updated = { ...current, status, ...(expires ? { expires: new Date(expires.getTime()) } : {}) };
      invitations.set(id, updated);
      return copy(updated);
    },

    async acceptInvitation({ invitationId, member, now }) {
      // From the status check to both writes there is no await: of concurrent acceptances exactly
      // one sees the invitation pending.
      const invitation = invitations.get(invitationId);
      if (invitation?.status !== "pending" || invitation.expires.getTime() <= now.getTime()) {
        return { outcome: "unavailable" };
      }
      const existing = members.get(compositeKey(invitation.organizationId, member.userId));
      if (existing) return { outcome: "alreadyMember", member: copy(existing) };
      const stored = insertMember({
        ...member,
        organizationId: invitation.organizationId,
        role: invitation.role,
      });
      const accepted: AdapterInvitation = { ...invitation, status: "accepted" };
      invitations.set(invitationId, accepted);
      return { outcome: "accepted", invitation: copy(accepted), member: copy(stored) };
    },
  };
}
