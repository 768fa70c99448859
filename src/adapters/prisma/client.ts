/**
 * The slice of a Prisma client that PrismaAdapter uses, typed structurally so that
 * `latchkey/adapters/prisma` compiles without @prisma/client installed and accepts any
 * generated client: `new PrismaClient(...)`, `prisma.$extends(...)`, Prisma 2.26 to 7.
 */

/**
 * One model's delegate (`prisma.user`, `prisma.session`, …). Arguments are typed loosely because
 * every generated client has its own precise argument types; each optional argument admits `null`
 * and `undefined` as Prisma's do, or generated delegates would not be assignable. Results are
 * read through the mappers in `records.ts`.
 */
export interface PrismaModelDelegate {
  create(args: { data: object }): PromiseLike<unknown>;
  findUnique(args: { where: object; select?: object | null; include?: object | null }): PromiseLike<unknown>;
  findMany(args: { where?: object; orderBy?: object }): PromiseLike<unknown>;
  update(args: { where: object; data: object }): PromiseLike<unknown>;
  delete(args: { where: object }): PromiseLike<unknown>;
  deleteMany(args: { where?: object }): PromiseLike<{ count: number }>;
}

/**
 * A delegate with the conditional writes two-factor sign-in needs: `updateMany` returns
 * the affected-row count of one conditional UPDATE, which is what makes spending a code atomic.
 */
export interface PrismaConditionalDelegate extends PrismaModelDelegate {
  upsert(args: { where: object; create: object; update: object }): PromiseLike<unknown>;
  updateMany(args: { where?: object; data: object }): PromiseLike<{ count: number }>;
  count(args: { where?: object }): PromiseLike<number>;
}

/**
 * A delegate of one of the organization models: lists read related rows (`include`) in the
 * order given, and the conditional writes count the rows they changed.
 */
export interface PrismaOrganizationDelegate extends PrismaConditionalDelegate {
  findMany(args: {
    where?: object;
    orderBy?: object | object[];
    include?: object | null;
  }): PromiseLike<unknown>;
}

/** How an interactive transaction runs; Prisma's own option names. */
export interface PrismaTransactionOptions {
  maxWait?: number;
  timeout?: number;
  isolationLevel?: "ReadCommitted" | "Serializable";
}

/**
 * The models of the latchkey schema, as delegates. Authenticator is only needed for WebAuthn,
 * TwoFactor and RecoveryCode only for two-factor sign-in, Organization, Member and Invitation only
 * for organizations.
 */
export interface PrismaModels {
  user: PrismaModelDelegate;
  account: PrismaModelDelegate;
  session: PrismaModelDelegate;
  verificationToken: PrismaModelDelegate;
  authenticator?: PrismaModelDelegate;
  twoFactor?: PrismaConditionalDelegate;
  recoveryCode?: PrismaConditionalDelegate;
  organization?: PrismaOrganizationDelegate;
  member?: PrismaOrganizationDelegate;
  invitation?: PrismaOrganizationDelegate;
}

/** A Prisma client (plain or extended) whose schema has the latchkey models. */
export interface PrismaClientLike extends PrismaModels {
  $transaction<R>(run: (tx: PrismaModels) => Promise<R>, options?: PrismaTransactionOptions): Promise<R>;
}
