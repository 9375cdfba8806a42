import { z } from 'zod';
import { format, messages } from './messages';
import { requiredMsg } from './validation';

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

/** The `order` settings kind (spec 3 §3 "Order process config", defaults spec 2 §3). */
export const orderProcessSchema = z.object({
  hasEta: z.boolean({ error: requiredMsg('ETA') }),
  etaType: z.enum(ETA_TYPES, { error: requiredMsg('ETA type') }),
  hasUnprocessedOrderMonitor: z.boolean({ error: requiredMsg('Unprocessed order monitor') }),
  newOrderAlertEmailsCsv: emailList('New order alert emails'),
  unprocessedOrderAlertEmailsCsv: emailList('Unprocessed order alert emails'),
});
export type OrderProcessSettings = z.output<typeof orderProcessSchema>;

export const defaultOrderProcess: OrderProcessSettings = {
  hasEta: true,
  etaType: 'RESTAURANT',
  hasUnprocessedOrderMonitor: true,
  newOrderAlertEmailsCsv: '',
  unprocessedOrderAlertEmailsCsv: '',
};
