/**
 * The `organizations` option with its defaults applied, built once per options object: the role
 * table every check asks (roles.ts), the limits, and how invitations are sent.
 */
import type { OrganizationsOptions } from "../config.js";
import { InvalidConfig } from "../core/errors.js";
import { type RoleTable, roleTable } from "./roles.js";

export interface OrganizationSettings {
  roles: RoleTable;
  limits: {
    organizationsPerUser: number;
    membersPerOrganization: number;
    pendingInvitationsPerOrganization: number;
  };
  /** Seconds an invitation stays valid. */
  invitationMaxAge: number;
  options: OrganizationsOptions;
}

const DEFAULT_INVITATION_MAX_AGE = 48 * 60 * 60;

function limit(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new InvalidConfig(`organizations.${name} must be a whole number of at least 1, not ${value}.`);
  }
  return value;
}

const settingsByOptions = new WeakMap<OrganizationsOptions, OrganizationSettings>();

/** The settings for `options` (an `organizations` option), made once per options object. */
export function organizationSettingsOf(
  options: OrganizationsOptions | undefined | null,
): OrganizationSettings {
  if (options === undefined || options === null || typeof options !== "object") {
    throw new InvalidConfig(
      "This function needs `organizations` in the config: add organizations: {} (or Organizations({})).",
    );
  }
  let settings = settingsByOptions.get(options);
  if (settings === undefined) {
    const limits = options.limits ?? {};
    settings = {
      roles: roleTable(options.roles),
      limits: {
        organizationsPerUser: limit("limits.organizationsPerUser", limits.organizationsPerUser, 10),
        membersPerOrganization: limit("limits.membersPerOrganization", limits.membersPerOrganization, 100),
        pendingInvitationsPerOrganization: limit(
          "limits.pendingInvitationsPerOrganization",
          limits.pendingInvitationsPerOrganization,
          100,
        ),
      },
      invitationMaxAge: limit("invitationMaxAge", options.invitationMaxAge, DEFAULT_INVITATION_MAX_AGE),
      options,
    };
    settingsByOptions.set(options, settings);
  }
  return settings;
}
