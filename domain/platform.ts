import { z } from 'zod';
import { DEFAULT_TRANSACTION_FEE } from './constants';
import { messages } from './messages';
import { cents, requiredMsg } from './validation';

const percentage = (label: string) =>
  z
    .number({ error: requiredMsg(label) })
    .min(0, { error: 'should be at least 0' })
    .max(100, { error: 'should not be larger than 100' });

/** Transaction fee (spec 3 §3): amounts and the micro limit in cents. */
export const transactionFeeSchema = z.object({
  applicable: z.boolean({ error: requiredMsg('Applicable') }),
  microLimit: cents('Micro limit'),
  microAmount: cents('Micro amount'),
  microPercentage: percentage('Micro percentage'),
  normalAmount: cents('Normal amount'),
  normalPercentage: percentage('Normal percentage'),
});
export type TransactionFee = z.infer<typeof transactionFeeSchema>;
export const defaultTransactionFee: TransactionFee = { ...DEFAULT_TRANSACTION_FEE };

/** Remote config of the payment connection switch (spec 3 §3, §4). */
export const remoteConfigSchema = z.object({
  switchToCustomConnect: z.boolean(),
  stripePk: z.string({ error: messages.stripePkRequired }).trim().min(1, { error: messages.stripePkRequired }),
  oldStripePk: z.string().trim().default(''),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;

/** The publishable key the console loads: the main-account key when switched on, else the v2-account key. */
export function activeStripePk(c: Pick<RemoteConfig, 'switchToCustomConnect' | 'stripePk' | 'oldStripePk'>): string {
  return c.switchToCustomConnect ? c.stripePk : c.oldStripePk || c.stripePk;
}
