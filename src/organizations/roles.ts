/**
 * Roles and permissions, checked in one place: every route, server function and session check asks
 * {@link roleAllows}, {@link mayGrant} or {@link mayManage}, never a role's name. A role is a set of
 * statements, resource → actions (`{ project: ["create", "update"] }`); `owner` may do everything,
 * `admin` and `member` hold the built-in statements below plus whatever the app adds to them, and
 * an app may define roles of its own (docs/organizations.md, "Roles").
 */

/** What a role may do: for each resource, the actions allowed on it. */
export type Statements = Readonly<Record<string, readonly string[]>>;

export const OWNER = "owner";
export const ADMIN = "admin";
export const MEMBER = "member";

/** The resources and actions latchkey itself checks, for its own operations. */
export const BUILT_IN_STATEMENTS = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
} as const satisfies Statements;

/** The built-in roles' statements before the app adds its own. The owner is not listed: it may do anything. */
const BUILT_IN_ROLES: Readonly<Record<string, Statements>> = {
  [ADMIN]: {
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
  },
  [MEMBER]: {},
};

/** Every role an organization's members may hold, by name, each with its statements; the owner's are `"*"`. */
export type RoleTable = ReadonlyMap<string, Statements | "*">;

/**
 * The role table for the app's `roles` option: `owner` (everything), `admin` and `member` with their
 * built-in statements merged with the app's for the same name, and each role the app adds.
 */
export function roleTable(appRoles: Readonly<Record<string, Statements>> = {}): RoleTable {
  const table = new Map<string, Statements | "*">([[OWNER, "*"]]);
  const names = new Set([...Object.keys(BUILT_IN_ROLES), ...Object.keys(appRoles)]);
  for (const name of names) {
    if (name === OWNER) continue;
    const merged: Record<string, string[]> = {};
    for (const statements of [BUILT_IN_ROLES[name] ?? {}, appRoles[name] ?? {}]) {
      for (const [resource, actions] of Object.entries(statements)) {
        merged[resource] = [...new Set([...(merged[resource] ?? []), ...actions])];
      }
    }
    table.set(name, merged);
  }
  return table;
}

/** Whether `role` (unknown roles may do nothing) allows every action `wanted` lists. */
export function roleAllows(table: RoleTable, role: string, wanted: Statements): boolean {
  const held = table.get(role);
  if (held === undefined) return false;
  if (held === "*") return true;
  return Object.entries(wanted).every(([resource, actions]) =>
    actions.every((action) => held[resource]?.includes(action) ?? false),
  );
}

/** Whether everything `lower` allows, `upper` allows too. */
function covers(table: RoleTable, upper: string, lower: string): boolean {
  const statements = table.get(lower);
  if (statements === undefined) return false;
  if (statements === "*") return table.get(upper) === "*";
  return roleAllows(table, upper, statements);
}

/**
 * Whether a member holding `actorRole` may give `role` to someone (by invitation, on adding a
 * member, or on a role change): it must be a known role, and nobody grants more than they hold, so
 * only an owner makes owners and an admin can never mint an owner through an invitation.
 */
export function mayGrant(table: RoleTable, actorRole: string, role: string): boolean {
  return table.has(role) && covers(table, actorRole, role);
}

/**
 * Whether a member holding `actorRole` may change or remove a member holding `targetRole`: only an
 * owner touches an owner, and nobody touches a member whose role holds more than their own.
 */
export function mayManage(table: RoleTable, actorRole: string, targetRole: string): boolean {
  if (targetRole === OWNER) return actorRole === OWNER;
  return covers(table, actorRole, targetRole);
}

/** The roles `actorRole` may manage: what a conditional role change or removal names as `fromRoles`. */
export function manageableRoles(table: RoleTable, actorRole: string): string[] {
  return [...table.keys()].filter((role) => mayManage(table, actorRole, role));
}
