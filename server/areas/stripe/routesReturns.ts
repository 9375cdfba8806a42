import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { badRequest } from '../../infra/http/errors';
import { completeSimulatedOnboarding, issueSimulatedOAuthCode } from '../../infra/payments/simulatedConnect';

/**
 * Where the browser lands from outside the console. None of these carry the console's session (the access token
 * lives in the page, not in a cookie), so each is public and its signed `state`/`token` is the credential:
 * - GET /stripe/oauth/return: Stripe's OAuth redirect. It only forwards code and state to the shop's account page,
 *   whose POST …/authorize/return (signed in) checks the state against the shop and the caller and stores the account.
 * - GET /stripe/simulated/oauth and /simulated/onboard: the simulated provider's stand-ins for Stripe's pages.
 */
const returns: FastifyPluginAsyncZod = async (app) => {
  const { stripe: payments, clock, db, config } = app.services;
  const tags = ['stripe'];
  const accountPage = (shopId: string, query?: URLSearchParams) =>
    `${config.publicUrl}/shops/${shopId}/payments/stripe${query ? `?${query}` : ''}`;

  app.get(
    '/oauth/return',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Stripe OAuth redirect: forwards to the shop’s account page',
        querystring: z.object({
          state: z.string().max(2048),
          code: z.string().max(256).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(500).optional(),
        }),
      },
    },
    async (req, reply) => {
      const claims = await payments.links.verify('oauth', req.query.state, clock.now());
      if (!claims?.shopId) throw badRequest(messages.stripeLinkExpired, undefined, 'STRIPE_STATE_MISMATCH');
      const query = req.query.code
        ? new URLSearchParams({ code: req.query.code, state: req.query.state })
        : new URLSearchParams({ stripe_error: req.query.error_description ?? req.query.error ?? 'access_denied' });
      return reply.redirect(accountPage(claims.shopId, query), 302);
    },
  );

  if (payments.connect.kind !== 'simulated') return;

  app.get(
    '/simulated/oauth',
    {
      config: { auth: 'public' },
      schema: {
        hide: true,
        tags,
        summary: 'Simulated provider: stands in for Stripe’s OAuth page and comes back with a code',
        querystring: z.object({ state: z.string().max(2048), redirect_uri: z.string().max(2048) }),
      },
    },
    async (req, reply) => {
      const claims = await payments.links.verify('oauth', req.query.state, clock.now());
      // The redirect must be our own return route, or this page would forward codes anywhere.
      if (!claims?.shopId || req.query.redirect_uri !== `${config.publicUrl}/api/stripe/oauth/return`)
        throw badRequest(messages.stripeLinkExpired, undefined, 'STRIPE_STATE_MISMATCH');
      const code = await issueSimulatedOAuthCode(db, clock, claims.shopId);
      return reply.redirect(`${req.query.redirect_uri}?${new URLSearchParams({ code, state: req.query.state })}`, 302);
    },
  );

  app.get(
    '/simulated/onboard',
    {
      config: { auth: 'public' },
      schema: {
        hide: true,
        tags,
        summary: 'Simulated provider: stands in for Stripe’s onboarding page and completes the account',
        querystring: z.object({ token: z.string().max(4096) }),
      },
    },
    async (req, reply) => {
      const claims = await payments.links.verify('simulated-onboarding', req.query.token, clock.now());
      if (!claims?.account) throw badRequest(messages.stripeLinkExpired, undefined, 'STRIPE_STATE_MISMATCH');
      await completeSimulatedOnboarding(db, clock, claims.account);
      return reply.redirect(claims.returnUrl, 302);
    },
  );
};
export default returns;
