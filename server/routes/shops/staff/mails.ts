import type { SellerRole } from '../../../../domain/shop';
import type { Services } from '../../../context';
import { actionMail } from '../../../services/mail';

export const inviteSubject = (fromName: string, shopName: string) => `${fromName} invited you to ${shopName} on Servery`;
export const addedSubject = (shopName: string) => `You were added to ${shopName} on Servery`;

/** The console's invitation screen: /invites/{inviteId}/shops/{shopId}?action=&token= */
export function inviteLink(publicUrl: string, shopId: string, inviteId: string, action: 'accept' | 'reject', token: string): string {
  const params = new URLSearchParams({ action, token });
  return `${publicUrl}/invites/${inviteId}/shops/${shopId}?${params.toString()}`;
}

const roleName = (role: SellerRole) => (role === 'ADMIN' ? 'an admin' : 'a user');

export async function sendInviteMail(
  services: Services,
  m: { to: string; fromName: string; fromEmail: string; shopId: string; shopName: string; inviteId: string; role: SellerRole; token: string },
): Promise<void> {
  const { publicUrl } = services.config;
  const reject = inviteLink(publicUrl, m.shopId, m.inviteId, 'reject', m.token);
  await services.mailer.send(
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

/** add_user: the spec's "an e-mail with login details", so the new admin can sign in straight away. */
export async function sendAddedMail(services: Services, m: { to: string; password: string; shopName: string; byName: string }): Promise<void> {
  await services.mailer.send(
    actionMail({
      to: m.to,
      subject: addedSubject(m.shopName),
      greeting: 'Hello,',
      body:
        `${m.byName} added you as an admin of ${m.shopName} on Servery. Sign in with these details:\n\n` +
        `Email: ${m.to}\nPassword: ${m.password}\n\nPlease change your password after signing in.`,
      button: 'Open the Servery console',
      url: `${services.config.publicUrl}/login`,
      footer: 'If you did not expect this email, tell the Servery team.',
    }),
  );
}
