/** The staff area's messages (resources.staff.*): the shop's users, invitations and the invitation link's screen. */
export const i18n = {
  name: 'Shop User |||| Shop Users',
  fields: { email: 'Email', name: 'Name', role: 'Role', password: 'Password' },
  invites: {
    name: 'Invitation |||| Invitations',
    fields: { created: 'Sent On', fromEmail: 'From', toEmail: 'To', to: 'Email', role: 'Role' },
    action: {
      resend: 'Resend Invitation',
      resendTo: 'Resend Invitation to %{email}',
      remove: 'Remove',
      removeTo: 'Remove invitation to %{email}',
      removeConfirm: 'The invitation to %{email} will stop working.',
    },
  },
  sellers: 'Shop Users',
  invitationsSent: 'Invitations Sent',
  permissions: 'Staff Permissions',
  roles: {
    ADMIN: 'Admin',
    USER: 'User',
  },
  actions: {
    invite: 'Invite User',
    sendInvitation: 'Send Invitation',
    addUser: 'Add User',
    remove: 'Remove',
    removeOne: 'Remove %{email}',
    leave: 'Leave shop',
    leaveConfirm: 'You will no longer be able to open %{shop}.',
  },
  subtitle: 'People who can open %{shop} in the console.',
  addUserHelp: 'Adds the user to this shop as an admin. An e-mail with the login details is sent to them.',
  you: '(you)',
  /** The invitation link's screen; %{from}, %{to}, %{shop}, %{role} and %{email} are shown in bold. */
  answer: {
    summary: {
      ADMIN: '%{from} invites %{to} to work at %{shop} as an %{role}.',
      USER: '%{from} invites %{to} to work at %{shop} as a %{role}.',
    },
    signedInAs: 'Signed in as %{email}.',
    accept: 'Accept',
    reject: 'Reject',
    signInAs: 'Sign in as %{email}',
    signInToAnswer: 'Sign in to answer',
    createAccount: 'Create an account',
    signInFor: 'Sign in as %{email} to answer this invitation.',
    createFor: 'Create an account for %{email} to accept this invitation.',
  },
};
