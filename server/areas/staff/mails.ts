import type { SellerRole } from '../../../domain/shop';
import type { Services } from '../../infra/context';
import { actionMail } from '../../infra/mail';
import { queueMail } from '../../infra/mail/queued';
import { issueActionCode } from '../../infra/auth/actionCodes';
import { actionLink } from '../accounts';

const inviteSubject = (fromName: string, shopName: string) => `${fromName} invited you to ${shopName} on Servery`;
const addedSubject = (shopName: string) => `You were added to ${shopName} on Servery`;

/** The console's invitation screen: /invites/{inviteId}/shops/{shopId}?action=&token= */
export function inviteLink(publicUrl: string, shopId: string, inviteId: string, action: 'accept' | 'reject', token: string): string {
  const params = new URLSearchParams({ action, token });
  return `${publicUrl}/invites/${inviteId}/shops/${shopId}?${params.toString()}`;
}

const roleName = (role: SellerRole) => (role === 'ADMIN' ? 'an admin' : 'a user');

export async function sendInviteMail(
  services: Services,
  m: {
    to: string;
    fromName: string;
    fromEmail: string;
    shopId: string;
    shopName: string;
    inviteId: string;
    role: SellerRole;
    token: string;
  },
): Promise<void> {
  const { publicUrl } = services.config;
  const reject = inviteLink(publicUrl, m.shopId, m.inviteId, 'reject', m.token);
  await queueMail(
    services,
    actionMail({
      to: m.to,
      subject: inviteSubject(m.fromName, m.shopName),
      greeting: 'Hello,',
      body:
        `${m.fromName} (${m.fromEmail}) invited you to join ${m.shopName} on Servery as ${roleName(m.role)}. ` +
        `If you have no Servery account yet, register with this email address first; the link below works for 7 days. ` +
        `To decline the invitation, open ${reject}`,
      button: 'Accept invitation',
      url: inviteLink(publicUrl, m.shopId, m.inviteId, 'accept', m.token),
      footer: 'If you did not expect this invitation, you can ignore this email.',
    }),
  );
}

/**
 * add_user: the spec's "an e-mail with login details", without the password itself (a mailbox is no place for
 * it). The new admin signs in with the password the super admin chose and was told some other way, or sets
 * their own through a single-use reset link that expires like any other (RESET_CODE_TTL_MS).
 */
export async function sendAddedMail(
  services: Services,
  m: { to: string; userId: string; shopName: string; byName: string },
): Promise<void> {
  const { publicUrl } = services.config;
  const code = await issueActionCode(services.db, m.userId, 'resetPassword', services.clock.now());
  await queueMail(
    services,
    actionMail({
      to: m.to,
      subject: addedSubject(m.shopName),
      greeting: 'Hello,',
      body:
        `${m.byName} created a Servery account for ${m.to} and made you an admin of ${m.shopName}. ` +
        `Sign in at ${publicUrl}/login with this email address and the password ${m.byName} chose for you, ` +
        `or choose your own password with the link below. The link works once, for 1 hour; ` +
        `after that, use 'Forgot password' on the sign-in page.`,
      button: 'Choose your password',
      url: actionLink(publicUrl, 'resetPassword', code),
      footer: 'If you did not expect this email, tell the Servery team.',
    }),
  );
}
