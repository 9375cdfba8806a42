import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defaultTransactionFee, transactionFeeSchema, type TransactionFee } from '../../../../domain/platform';
import { shopSettings } from '../../../db/schema';
import { shopParams } from '../schemas';

const KIND = 'transaction_fee';

/** GET/PUT /shops/:shopId/transaction_fee (super admins): the platform's fee on this shop's card payments, in cents. */
const transactionFee: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: { tags: ['platform'], summary: "A shop's transaction fee (defaults when never set)", params: shopParams, response: { 200: transactionFeeSchema } },
    },
    async (req) => {
      const [row] = await app.services.db
        .select({ value: shopSettings.value })
        .from(shopSettings)
        .where(and(eq(shopSettings.shopId, req.params.shopId), eq(shopSettings.kind, KIND)));
      // A stored value from an older shape still reads: missing fields take the defaults.
      const parsed = transactionFeeSchema.safeParse({ ...defaultTransactionFee, ...(row?.value as Partial<TransactionFee> | undefined) });
      return parsed.success ? parsed.data : defaultTransactionFee;
    },
  );

  app.put(
    '/',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: { tags: ['platform'], summary: "Set a shop's transaction fee", params: shopParams, body: transactionFeeSchema, response: { 200: transactionFeeSchema } },
    },
    async (req) => {
      const { db, clock } = app.services;
      const value = req.body;
      await db
        .insert(shopSettings)
        .values({ shopId: req.params.shopId, kind: KIND, value, updatedBy: req.user!.id, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: [shopSettings.shopId, shopSettings.kind], set: { value, updatedBy: req.user!.id, updatedAt: clock.now() } });
      return value;
    },
  );
};
export default transactionFee;
