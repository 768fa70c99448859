/**
 * The organization races (a latchkey extension): an invitation adds one member however many
 * requests accept it at once, and concurrent demotions or removals never leave an organization
 * without an owner. Each round sets up its own organization; a round can pass by luck of
 * scheduling, so every round is reported.
 */
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newInvitation, newMember } from "../fixtures.js";
import { describeError } from "../steps.js";
import { addedMember, ORGANIZATION_BASICS, ownedOrganization } from "./organization-records.js";

/** How many requests accept one invitation at once in the acceptance race. */
const ACCEPTANCE_RACERS = 20;

export const organizationRaceChecks: CheckDefinition[] = [
  {
    name: `acceptInvitation: of ${ACCEPTANCE_RACERS} concurrent acceptances of one invitation (by different users, or one user) exactly one adds a member, in every round`,
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "createInvitation",
      "getInvitation",
      "acceptInvitation",
      "listMembers",
    ],
    async run(context) {
      const { adapter, setup, createUser, rounds, expect } = context;
      const perRound: string[] = [];
      const errors: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const { organization, owner } = await ownedOrganization(context);
        const invitation = newInvitation(organization.id, owner.id);
        await setup.createInvitation(invitation);
        // Even rounds: a link forwarded to many users; odd rounds: one user's double clicks.
        const oneUser = round % 2 === 1 ? await createUser() : null;
        const users = await Promise.all(
          Array.from({ length: ACCEPTANCE_RACERS }, () => oneUser ?? createUser()),
        );
        const now = daysFromNow(0);
        const results = await Promise.allSettled(
          users.map((user) =>
            adapter.acceptInvitation({
              invitationId: invitation.id,
              member: newMember(organization.id, user.id),
              now,
            }),
          ),
        );
        const accepted = results.filter(
          (result) => result.status === "fulfilled" && result.value.outcome === "accepted",
        ).length;
        for (const result of results)
          if (result.status === "rejected") errors.push(describeError(result.reason));
        const members = (await setup.listMembers(organization.id)).length - 1;
        const status = (await setup.getInvitation(invitation.id))?.status;
        perRound.push(`${accepted} accepted, ${members} added, ${status}`);
        expect.that(
          accepted === 1 && members === 1 && status === "accepted",
          `round ${round + 1} (${oneUser ? "one user" : "different users"}): ${accepted} of ${ACCEPTANCE_RACERS} ` +
            `concurrent acceptances succeeded and ${members} members were added (invitation ${status}); ` +
            "exactly one must",
        );
      }
      expect.that(
        errors.length === 0,
        `${errors.length} of ${rounds * ACCEPTANCE_RACERS} concurrent acceptances threw, e.g.: ${errors[0]}`,
      );
      if (expect.differences.length > 0) expect.differences.push(`per round: ${perRound.join("; ")}`);
    },
  },
  {
    name: "updateMemberRole and removeMember: of two concurrent demotions or removals of the last two owners exactly one succeeds and one owner is left, in every round",
    level: "latchkey",
    requires: [
      "createUser",
      ...ORGANIZATION_BASICS,
      "addMember",
      "updateMemberRole",
      "removeMember",
      "listMembers",
    ],
    async run(context) {
      const { adapter, rounds, expect } = context;
      const pairs = [
        ["demote", "demote"],
        ["remove", "remove"],
        ["demote", "remove"],
      ] as const;
      const errors: string[] = [];
      for (let round = 0; round < Math.max(rounds, pairs.length); round++) {
        const pair = pairs[round % pairs.length] as (typeof pairs)[number];
        const { organization, owner } = await ownedOrganization(context);
        const second = await addedMember(context, organization.id, "owner");
        const ownerIds = [owner.id, second.userId];
        const results = await Promise.allSettled(
          pair.map((kind, index) => {
            const target = {
              organizationId: organization.id,
              userId: ownerIds[index] as string,
              fromRoles: ["owner"],
            };
            return kind === "demote"
              ? adapter.updateMemberRole({ ...target, role: "admin" })
              : adapter.removeMember(target);
          }),
        );
        const outcomes = results.map((result) =>
          result.status === "fulfilled" ? result.value.outcome : `threw`,
        );
        for (const result of results)
          if (result.status === "rejected") errors.push(describeError(result.reason));
        const owners = (await context.setup.listMembers(organization.id)).filter(
          (member) => member.role === "owner",
        ).length;
        expect.that(
          outcomes.filter((outcome) => outcome === "done").length === 1 &&
            outcomes.includes("lastOwner") &&
            owners === 1,
          `round ${round + 1} (${pair.join(" + ")} of the last two owners): outcomes ${outcomes.join(", ")}, ` +
            `${owners} owners left; exactly one must succeed and one owner remain`,
        );
      }
      expect.that(errors.length === 0, `${errors.length} concurrent changes threw, e.g.: ${errors[0]}`);
    },
  },
];
