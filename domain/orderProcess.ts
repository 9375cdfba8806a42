import { z } from 'zod';
import { format, messages } from './messages';
import { requiredMsg } from './validation';
import { OVERDUE_DEFAULTS } from './overdue';

const ETA_TYPES = ['RESTAURANT'] as const;
const ALERT_EMAILS_MAX = 20;
const ALERT_EMAILS_CSV_MAX = 2000;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The addresses of an alert list ('a@x.com, b@y.com'), trimmed, blanks dropped. */
const emailsOf = (csv: string) =>
  csv
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A comma-separated e-mail list; a bad address is named in the message. Stored as 'a@x.com, b@y.com'. */
const emailList = (label: string) =>
  z
    .string({ error: requiredMsg(label) })
    .max(ALERT_EMAILS_CSV_MAX, { error: format(messages.maxLength, { n: ALERT_EMAILS_CSV_MAX }) })
    .superRefine((csv, ctx) => {
      const emails = emailsOf(csv);
      const bad = emails.find((e) => !EMAIL.test(e));
      if (bad) ctx.addIssue({ code: 'custom', message: format(messages.badEmailInList, { email: bad.slice(0, 80) }) });
      else if (emails.length > ALERT_EMAILS_MAX)
        ctx.addIssue({ code: 'custom', message: format(messages.tooManyEmails, { n: ALERT_EMAILS_MAX }) });
    })
    .transform((csv) => emailsOf(csv).join(', '));

const minutes = (label: string, min: number, max: number) =>
  z
    .number({ error: requiredMsg(label) })
    .int({ error: `${label} should be a whole number of minutes` })
    .min(min, { error: `${label} should be between ${min} and ${max} minutes` })
    .max(max, { error: `${label} should be between ${min} and ${max} minutes` });

export const UNPROCESSED_ALERT_MINUTES = { min: 1, max: 120 } as const;
export const AUTO_REJECT_MINUTES = { min: 2, max: 240 } as const;
/** How many orders in a row may go unanswered before the shop pauses itself. */
export const AUTO_PAUSE_ORDERS = { min: 1, max: 20 } as const;
const autoPauseCount = z
  .number({ error: requiredMsg('Pause after') })
  .int({ error: 'Pause after should be a whole number of orders' })
  .min(AUTO_PAUSE_ORDERS.min, { error: `Pause after should be between ${AUTO_PAUSE_ORDERS.min} and ${AUTO_PAUSE_ORDERS.max} orders` })
  .max(AUTO_PAUSE_ORDERS.max, { error: `Pause after should be between ${AUTO_PAUSE_ORDERS.min} and ${AUTO_PAUSE_ORDERS.max} orders` });
export const autoRejectAfterAlertMessage = 'Reject after should be more minutes than the unprocessed order alert';

/**
 * The `order` settings kind (spec 3 §3 "Order process config", defaults spec 2 §3), with the unprocessed-order
 * monitor's delay and its escalation: a second alert at twice the delay, then (when switched on) the order is
 * rejected so its customer is not left waiting on a shop that is not answering.
 */
export const orderProcessSchema = z
  .object({
    hasEta: z.boolean({ error: requiredMsg('ETA') }),
    etaType: z.enum(ETA_TYPES, { error: requiredMsg('ETA type') }),
    hasUnprocessedOrderMonitor: z.boolean({ error: requiredMsg('Unprocessed order monitor') }),
    newOrderAlertEmailsCsv: emailList('New order alert emails'),
    unprocessedOrderAlertEmailsCsv: emailList('Unprocessed order alert emails'),
    // Defaults for the ladder's fields: a client that predates them (an open Order Settings tab) still saves.
    unprocessedOrderAlertMinutes: minutes('Unprocessed order alert', UNPROCESSED_ALERT_MINUTES.min, UNPROCESSED_ALERT_MINUTES.max).default(
      5,
    ),
    unprocessedOrderSecondAlert: z.boolean({ error: requiredMsg('Second alert') }).default(true),
    autoRejectUnprocessed: z.boolean({ error: requiredMsg('Reject unprocessed orders') }).default(false),
    autoRejectAfterMinutes: minutes('Reject after', AUTO_REJECT_MINUTES.min, AUTO_REJECT_MINUTES.max).default(20),
    /**
     * The shop pauses new orders by itself once this many orders in a row went unanswered until the ladder escalated
     * (twice the alert delay, or their automatic rejection). On by default, after 3: a customer who orders from a
     * shop nobody is watching waits and is refunded at best, which costs the shop more than a pause it lifts in one tap.
     */
    autoPauseUnanswered: z.boolean({ error: requiredMsg('Pause when orders go unanswered') }).default(true),
    autoPauseAfterOrders: autoPauseCount.default(3),
  })
  .superRefine((v, ctx) => {
    // A shop that is told first and rejected only after: the rejection never comes before the alert it follows.
    if (v.autoRejectAfterMinutes <= v.unprocessedOrderAlertMinutes)
      ctx.addIssue({ code: 'custom', path: ['autoRejectAfterMinutes'], message: autoRejectAfterAlertMessage });
  });
export type OrderProcessSettings = z.output<typeof orderProcessSchema>;

export const defaultOrderProcess: OrderProcessSettings = {
  hasEta: true,
  etaType: 'RESTAURANT',
  hasUnprocessedOrderMonitor: OVERDUE_DEFAULTS.hasUnprocessedOrderMonitor,
  newOrderAlertEmailsCsv: '',
  unprocessedOrderAlertEmailsCsv: '',
  unprocessedOrderAlertMinutes: OVERDUE_DEFAULTS.unprocessedOrderAlertMinutes,
  unprocessedOrderSecondAlert: true,
  autoRejectUnprocessed: false,
  autoRejectAfterMinutes: 20,
  autoPauseUnanswered: true,
  autoPauseAfterOrders: 3,
};

/** The addresses of a stored alert list. */
export const alertAddresses = (csv: string): string[] => [...new Set(emailsOf(csv).map((e) => e.toLowerCase()))];
