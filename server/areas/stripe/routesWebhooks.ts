import Stripe from 'stripe';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, unstorableText } from '../../infra/http/errors';
import { applyStripeEvent } from './serviceEvents';
import { reconcile } from './serviceReconcile';
import { reconcileReportSchema } from './schemas';

/** What applyStripeEvent reads of an event; anything else in the body is ignored. */
const webhookEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  account: z.string().max(255).nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const notAnEvent = () => badRequest('The signed body is not a Stripe event (JSON with id, type and data.object).', undefined, 'BAD_EVENT');

/**
 * The event of a body whose signature checked out. A signed body can still be no event (a test sent by hand, an
 * endpoint pointed at the wrong sender) or hold text PostgreSQL cannot store; each is a 400 like any bad body. This
 * route has its own raw-body parser, so the app's JSON check has not seen it yet.
 */
function signedEvent(body: Buffer): z.infer<typeof webhookEvent> {
  let json: unknown;
  try {
    // Decoded as Stripe's own constructEvent does (a byte-order mark is dropped).
    json = JSON.parse(new TextDecoder('utf8').decode(body));
  } catch {
    throw notAnEvent();
  }
  const unstorable = unstorableText(json);
  if (unstorable) throw unstorable;
  const event = webhookEvent.safeParse(json);
  if (!event.success) throw notAnEvent();
  return event.data;
}

/**
 * POST /stripe/webhooks: Stripe's events, for the platform and its connected accounts. The signature is checked on
 * the raw body (the JSON parser is replaced in this plugin only), each event is stored by its id and applied once.
 * account.updated keeps the account's capabilities; payout.* events are kept with their shop for the payouts
 * history and the reconciliation.
 */
const webhooks: FastifyPluginAsyncZod = async (app) => {
  const { config, clock, db } = app.services;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
  // Signature checks need no API key: a verifier without one works with the simulated provider too.
  const verifier = app.services.stripe.stripe ?? new Stripe('sk_test_signature_check_only');

  app.post(
    '/webhooks',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['stripe'],
        summary: 'Stripe webhook endpoint (signed with STRIPE_WEBHOOK_SECRET)',
        headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
        response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
      },
    },
    async (req) => {
      const secret = config.stripe.webhookSecret;
      const signature = req.headers['stripe-signature'];
      if (!secret) throw badRequest('Webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).', undefined, 'WEBHOOKS_OFF');
      if (!signature || !Buffer.isBuffer(req.body))
        throw badRequest('Missing Stripe-Signature header or body.', undefined, 'BAD_SIGNATURE');
      try {
        verifier.webhooks.signature!.verifyHeader(req.body, signature, secret, 300);
      } catch {
        throw badRequest('The Stripe signature does not match this body.', undefined, 'BAD_SIGNATURE');
      }
      const applied = await applyStripeEvent(db, signedEvent(req.body), clock.now());
      return { received: true, duplicate: !applied };
    },
  );

  app.post(
    '/reconcile',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags: ['stripe'],
        summary:
          'Reconcile the last day: Stripe events with what the webhooks delivered, payments and refunds with the orders ' +
          '(super admins; also run nightly)',
        description:
          'Applies the events the webhooks missed (missed), then compares each connected account’s payments and refunds ' +
          'created in the last 24 hours with the shop’s card orders and refunds rows; ' +
          'every difference is in mismatches (amounts in minor units) and logged as a warning.',
        response: { 200: reconcileReportSchema },
      },
    },
    async (req) => reconcile(app.services, clock.now(), req.log),
  );
};
export default webhooks;
