import { formatDateTime, timesIn } from '../../../domain/dates';
import type { PayoutSchedule } from '../../../domain/stripe';
import type { AuthUser, Services } from '../../infra/context';
import { shopAdminAudience } from './repoShopAdmins';
import { actionMail } from '../../infra/mail';
import { queueMail } from '../../infra/mail/queued';
import { lastFour } from '../../../domain/audit';
import type { RecordedChange } from '../audit';

/** A change of where the shop's card revenue goes, as its admins are told of it. */
export type StripeChange =
  | { kind: 'connected' | 'created' | 'disconnected'; accountId: string }
  | { kind: 'archived'; previous: string | null; accountId: string }
  /** Only what Stripe shows of a bank account: its last 4 digits. */
  | { kind: 'bankAccount'; last4: string | null | undefined }
  | { kind: 'payoutSchedule'; schedule: PayoutSchedule };

/** The change as the audit log keeps it: the account, the bank account (its last four only), the payout schedule. */
export function stripeChangeAudit(shopId: string, change: StripeChange): RecordedChange {
  const base = { shopId, before: null, after: null };
  switch (change.kind) {
    case 'connected':
    case 'created':
      return {
        ...base,
        kind: 'stripe.account',
        action: 'insert',
        recordId: change.accountId,
        after: { accountId: change.accountId, how: change.kind },
      };
    case 'disconnected':
      return { ...base, kind: 'stripe.account', action: 'delete', recordId: change.accountId, before: { accountId: change.accountId } };
    case 'archived':
      return {
        ...base,
        kind: 'stripe.account',
        action: 'update',
        recordId: change.accountId,
        before: { accountId: change.previous },
        after: { accountId: change.accountId },
      };
    case 'bankAccount':
      return { ...base, kind: 'stripe.bank_account', action: 'update', recordId: null, after: { last4: lastFour(change.last4) } };
    case 'payoutSchedule':
      return { ...base, kind: 'stripe.payout_schedule', action: 'update', recordId: null, after: { ...change.schedule } };
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function scheduleInWords(s: PayoutSchedule): string {
  if (s.interval === 'weekly') return `weekly, on ${capitalised(s.weekly_anchor ?? '')}s`;
  if (s.interval === 'monthly') return `monthly, on day ${s.monthly_anchor}`;
  return 'daily, after the shortest delay Stripe allows';
}

/** The subject and the sentence that follows the name of whoever made the change. */
function describe(change: StripeChange, shop: string): { subject: string; what: string } {
  switch (change.kind) {
    case 'connected':
      return {
        subject: `Stripe account connected to ${shop}`,
        what: `connected the Stripe account ${change.accountId} to ${shop}. Card payments of the shop now go to this account.`,
      };
    case 'created':
      return {
        subject: `Stripe account created for ${shop}`,
        what:
          `created the Stripe account ${change.accountId} for ${shop}. ` +
          'Card payments of the shop now go to this account once Stripe has the details it asks for.',
      };
    case 'disconnected':
      return {
        subject: `Stripe account disconnected from ${shop}`,
        what:
          `disconnected the Stripe account ${change.accountId} from ${shop}. ` +
          'The shop cannot take card payments until an account is connected again.',
      };
    case 'archived':
      return {
        subject: `Stripe account archived at ${shop}`,
        what: change.previous
          ? `archived the Stripe account ${change.previous} of ${shop} and made the new account ${change.accountId} the shop's account.`
          : `made the new Stripe account ${change.accountId} the account of ${shop}.`,
      };
    case 'bankAccount': {
      // At most the last 4 digits, whatever the provider answered.
      const last4 = change.last4?.replace(/\D/g, '').slice(-4);
      return {
        subject: `Stripe bank account changed at ${shop}`,
        what:
          `changed the bank account that the Stripe payouts of ${shop} go to. ` +
          (last4 ? `It is now the account ending in ${last4}.` : 'It is now another account.'),
      };
    }
    case 'payoutSchedule':
      return {
        subject: `Stripe payout schedule changed at ${shop}`,
        what: `changed the Stripe payout schedule of ${shop} to ${scheduleInWords(change.schedule)}.`,
      };
  }
}

/**
 * Tells every ADMIN of the shop (the one who made the change too) who changed where its card revenue goes, what,
 * and when on the shop's clock, so a change made by staff, or by someone using a staff member's session, is seen.
 * One mail per admin; the caller runs this in the background, after the answer.
 */
export async function mailStripeChange(
  services: Services,
  m: { shopId: string; by: AuthUser; at: Date; change: StripeChange },
): Promise<void> {
  const audience = await shopAdminAudience(m.shopId, services.db);
  const { subject, what } = describe(m.change, audience.name);
  const who = m.by.name ? `${m.by.name} (${m.by.email})` : m.by.email;
  const when = `${formatDateTime(m.at, audience.timezone)} (${timesIn(audience.timezone)})`;
  const url = `${services.config.publicUrl}/shops/${m.shopId}/payments/stripe`;
  const sent = await Promise.allSettled(
    audience.admins.map((admin) =>
      queueMail(
        services,
        actionMail({
          to: admin.email,
          subject,
          greeting: `Hello ${admin.name || admin.email},`,
          body: `${who} ${what} This was on ${when}.`,
          button: 'Open the Stripe page',
          url,
          footer:
            `You receive this as an admin of ${audience.name}. ` +
            "If you did not expect this change, check the shop's Stripe page and its users now.",
        }),
      ),
    ),
  );
  // One admin's mailbox failing does not keep the others from hearing of it; the failures are reported together.
  const failed = sent.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length)
    throw new AggregateError(
      failed.map((f) => f.reason),
      `${failed.length} of ${sent.length} mails about a Stripe change were not sent`,
    );
}
