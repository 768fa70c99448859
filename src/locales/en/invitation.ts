/** English words of the e-mail inviting someone to an organization. */
export const invitation = {
  invitationSubject: "{inviter} invited you to {organization}",
  invitationBody: "{inviter} invited you to join {organization} as {role}.",
  invitationAccept: "Accept the invitation",
  invitationIgnore: "If you did not expect this invitation, you can ignore this email.",
};
