/** The staff area's messages (resources.staff.*): the shop's users, invitations and the invitation link's screen. */
export const i18n = {
  name: 'Shop User |||| Shop Users',
  menu: 'Users',
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
  invitation: 'Invitation',
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
};
