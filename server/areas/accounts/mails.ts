import type { ActionMode } from '../../../domain/account';
import type { Services } from '../../infra/context';
import { issueActionCode } from '../../infra/auth/actionCodes';
import { actionMail } from '../../infra/mail';
import { queueMail } from '../../infra/mail/queued';

export const VERIFY_SUBJECT = 'Verify your email for Servery';
export const RESET_SUBJECT = 'Reset your Servery password';

/** The console's e-mail action page (/auth/manage) with the code and, when given, where to go afterwards. */
export function actionLink(publicUrl: string, mode: ActionMode, code: string, continuePath?: string): string {
  const params = new URLSearchParams({ mode, oobCode: code });
  if (continuePath) params.set('continuePath', continuePath);
  return `${publicUrl}/auth/manage?${params.toString()}`;
}

interface Recipient {
  id: string;
  email: string;
  name: string;
}

export async function sendVerificationMail(services: Services, user: Recipient, continuePath?: string): Promise<void> {
  const code = await issueActionCode(services.db, user.id, 'verifyEmail', services.clock.now());
  await queueMail(
    services,
    actionMail({
      to: user.email,
      subject: VERIFY_SUBJECT,
      greeting: `Hello ${user.name},`,
      body: 'Follow this link to verify your email address for Servery. The link works for 3 days.',
      button: 'Verify email',
      url: actionLink(services.config.publicUrl, 'verifyEmail', code, continuePath),
      footer: 'If you did not create a Servery account with this address, you can ignore this email.',
    }),
  );
}

export async function sendResetMail(services: Services, user: Recipient): Promise<void> {
  const code = await issueActionCode(services.db, user.id, 'resetPassword', services.clock.now());
  await queueMail(
    services,
    actionMail({
      to: user.email,
      subject: RESET_SUBJECT,
      greeting: `Hello ${user.name},`,
      body: `Follow this link to choose a new password for your Servery account ${user.email}. The link works for 1 hour.`,
      button: 'Reset password',
      url: actionLink(services.config.publicUrl, 'resetPassword', code),
      footer: 'If you did not ask to reset your password, you can ignore this email; your password stays as it is.',
    }),
  );
}
