import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETTINGS } from '../../../domain/settings';
import { shopParams } from '../../infra/http/params';
import { readSettingsDocument as read, settingsDocumentBody as document, writeSettingsDocument as write } from '../settings';

/** GET|PUT /shops/:shopId/transaction_fee: the platform's fee on one shop's card payments (spec 3 §3). */
const transactionFee: FastifyPluginAsyncZod = async (app) => {
  // The path the transaction fee had before the settings endpoint; same code, and the route itself says super admin.
  const fee = SETTINGS.transaction_fee;
  app.get(
    '/transaction_fee',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: {
        tags: ['platform'],
        summary: "A shop's transaction fee (alias of settings/transaction_fee)",
        params: shopParams,
        response: { 200: fee.schema },
      },
    },
    async (req) => read(req, req.params.shopId, 'transaction_fee', fee),
  );
  app.put(
    '/transaction_fee',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: {
        tags: ['platform'],
        summary: "Set a shop's transaction fee (alias of settings/transaction_fee)",
        params: shopParams,
        body: document,
        response: { 200: fee.schema },
      },
    },
    async (req) => write(req, req.params.shopId, 'transaction_fee', fee, req.body),
  );
};
export default transactionFee;
