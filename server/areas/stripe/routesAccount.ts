import crypto from 'node:crypto';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { payoutScheduleSchema, scheduleForStripe } from '../../../domain/stripe';
import { nextPayoutDay, type ScheduleOfPayouts } from '../../../domain/payoutSchedule';
import { AppError, badRequest, loggableError } from '../../infra/http/errors';
import { activate, activeAccount, retire, shopForStripe, type ShopAccount } from '../../infra/payments/accounts';
import { spendOAuthState } from '../../infra/payments/oauthTokens';
import type { RawAccount } from '../../infra/payments/connect';
import { readRemoteConfig } from '../platform';
import { messageResult, shopParams } from '../../infra/http/params';
import { mailStripeChange, stripeChangeAudit, type StripeChange } from './changeMails';
import { recordChange } from '../audit';
import {
  accountSchema,
  activeAccountSchema,
  balanceSchema,
  balanceTransactionListSchema,
  externalAccountSchema,
  payoutListSchema,
  urlResult,
  withoutHolderDetails,
} from './schemas';
import { requireStepUp } from '../../infra/auth/stepUp';

const notConnected = () => new AppError(404, messages.noConnectedAccount, 'STRIPE_NOT_CONNECTED');
const newKey = () => crypto.randomUUID();
/** How long the browser has to come back from Stripe's OAuth page; a spent state is remembered as long. */
const OAUTH_STATE_TTL_SECONDS = 30 * 60;

async function connectedAccount(app: FastifyInstance, shopId: string): Promise<ShopAccount> {
  const account = await activeAccount(shopId, app.services.db);
  if (!account) throw notConnected();
  return account;
}

/** The account as the console reads it: Stripe's fields, plus the display name and how it was connected. */
function accountView(raw: RawAccount, mode: ShopAccount['mode'], shopName: string): z.infer<typeof accountSchema> {
  const a = raw as RawAccount & {
    business_profile?: { name?: string | null };
    settings?: { dashboard?: { display_name?: string | null } };
  };
  const displayName = a.business_profile?.name || a.settings?.dashboard?.display_name || shopName;
  return { ...(raw as unknown as z.infer<typeof accountSchema>), displayName, mode };
}

/** Where Stripe sends the browser back to: the shop's account page in the console. */
const accountPage = (app: FastifyInstance, shopId: string) => `${app.services.config.publicUrl}/shops/${shopId}/payments/stripe`;

/**
 * /stripe/shops/:shopId/… (spec 1 §7): the shop's connected account, its bank account, payout
 * schedule, payouts and balance. Registered in a shop scope: members only, another shop's id is a 404. Choosing
 * which account takes the shop's card payments (connect, finish connecting, disconnect) is for its ADMINs; staff
 * keep what spec 2 §6 gives them as far as the shop's staff permissions allow (the bank account and payout schedule
 * only when an ADMIN grants them), and never see the account holder's personal details. Every change of the account,
 * its bank account or payout schedule is mailed to the shop's admins.
 */
const account: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, stripe: payments } = app.services;
  const tags = ['stripe'];
  const mails = app.services.background;
  app.addHook('onClose', () => mails.drain());
  /** Tells the shop's admins of a change the caller just made, after the answer (a mail never holds it up). */
  // Recorded once the provider has made the change (it has no transaction of ours to share).
  const tellAdmins = async (req: FastifyRequest, change: StripeChange) => {
    await recordChange(db, stripeChangeAudit((req.params as { shopId: string }).shopId, change));
    const m = { shopId: (req.params as { shopId: string }).shopId, by: req.user!, at: clock.now(), change };
    mails.run(
      () => mailStripeChange(app.services, m),
      (err) => req.log.error({ err: loggableError(err) }, 'could not mail the shop admins about a Stripe change'),
    );
  };

  app.get(
    '/active_account',
    {
      schema: {
        tags,
        summary: 'The shop’s active connected account id and how Connect works now',
        params: shopParams,
        response: { 200: activeAccountSchema },
      },
    },
    async (req) => {
      const active = await activeAccount(req.params.shopId, db);
      const { switchToCustomConnect } = await readRemoteConfig(db);
      return {
        accountId: active?.accountId ?? null,
        mode: active?.mode ?? null,
        connectMode: switchToCustomConnect ? ('custom' as const) : ('standard' as const),
        provider: payments.connect.kind,
      };
    },
  );

  app.post(
    '/authorize/url',
    {
      preHandler: requireStepUp,
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: 'Start connecting: the URL the browser goes to',
        description:
          'Standard mode: the Stripe OAuth page, with a state naming this shop and caller. ' +
          'Unified (custom) mode: creates the platform account if the shop has none and answers its onboarding link.',
        params: shopParams,
        response: { 200: urlResult },
      },
    },
    async (req) => {
      const { shopId } = req.params;
      const { switchToCustomConnect } = await readRemoteConfig(db);
      if (switchToCustomConnect) {
        let active = await activeAccount(shopId, db);
        if (!active) {
          const shop = await shopForStripe(shopId, db);
          const accountId = await payments.connect.createAccount({
            country: shop.country,
            email: shop.email,
            businessName: shop.name,
            idempotencyKey: `account-create-${shopId}-${newKey()}`,
          });
          active = { accountId, mode: 'custom' };
          await activate(shopId, db, active, clock.now());
          await tellAdmins(req, { kind: 'created', accountId });
        }
        const page = accountPage(app, shopId);
        return {
          url: await payments.connect.accountLink(active.accountId, {
            type: 'account_onboarding',
            refreshUrl: page,
            returnUrl: page,
            idempotencyKey: newKey(),
          }),
        };
      }
      if (payments.connect.kind === 'stripe' && !app.services.config.stripe.clientId)
        throw new AppError(409, messages.stripeNotConfigured, 'STRIPE_NOT_CONFIGURED');
      const shop = await shopForStripe(shopId, db);
      const state = await payments.links.sign('oauth', { shopId, userId: req.user!.id }, clock.now(), OAUTH_STATE_TTL_SECONDS);
      return {
        url: payments.connect.authorizeUrl({
          state,
          redirectUri: `${app.services.config.publicUrl}/api/stripe/oauth/return`,
          email: req.user!.email,
          country: shop.country,
          businessName: shop.name,
        }),
      };
    },
  );

  app.post(
    '/authorize/return',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: 'Finish connecting: Stripe’s code and the state it came back with',
        description:
          'The state must have been made for this shop and this caller, and works once (a replay is refused, in any server process); ' +
          'the code becomes the shop’s active (Standard) account.',
        params: shopParams,
        body: z.object({ code: z.string().min(1).max(256), state: z.string().min(1).max(2048) }),
        response: { 200: activeAccountSchema },
      },
    },
    async (req) => {
      const { shopId } = req.params;
      const verified = await payments.links.verifyUntil('oauth', req.body.state, clock.now());
      const claims = verified?.claims;
      if (!claims || claims.shopId !== shopId || claims.userId !== req.user!.id)
        throw badRequest(messages.stripeLinkExpired, undefined, 'STRIPE_STATE_MISMATCH');
      // Spent before the code is exchanged: of two returns with one state, only one ever reaches the provider. A
      // failure after this point means starting again from the account page, which costs a click, not an account.
      if (!(await spendOAuthState(shopId, db, req.body.state, verified.expiresAt, clock.now())))
        throw badRequest(messages.stripeStateUsed, undefined, 'STRIPE_STATE_USED');
      const accountId = await payments.connect.exchangeCode(req.body.code, shopId);
      await activate(shopId, db, { accountId, mode: 'standard' }, clock.now());
      await tellAdmins(req, { kind: 'connected', accountId });
      const { switchToCustomConnect } = await readRemoteConfig(db);
      return {
        accountId,
        mode: 'standard' as const,
        connectMode: switchToCustomConnect ? ('custom' as const) : ('standard' as const),
        provider: payments.connect.kind,
      };
    },
  );

  app.get(
    '/account',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'The connected account (Stripe’s fields)',
        description: 'The account holder’s personal details (date of birth, address, contact, identity check) are for ADMINs only.',
        params: shopParams,
        response: { 200: accountSchema },
      },
    },
    async (req) => {
      const active = await connectedAccount(app, req.params.shopId);
      const raw = await payments.connect.retrieveAccount(active.accountId);
      const view = accountView(raw, active.mode, (await shopForStripe(req.params.shopId, db)).name);
      return req.shopRole === 'ADMIN' ? view : withoutHolderDetails(view);
    },
  );

  app.delete(
    '/account',
    {
      preHandler: requireStepUp,
      config: { shopRole: 'ADMIN' },
      schema: { tags, summary: 'Disconnect the account (admins)', params: shopParams, response: { 200: messageResult } },
    },
    async (req) => {
      const active = await connectedAccount(app, req.params.shopId);
      // A shop's own account: the platform gives up its access. A platform-created one stays with the platform.
      if (active.mode === 'standard') await payments.connect.deauthorize(active.accountId);
      await retire(req.params.shopId, db, active.accountId, 'disconnected', clock.now());
      await tellAdmins(req, { kind: 'disconnected', accountId: active.accountId });
      return { message: messages.stripeDisconnected };
    },
  );

  for (const [path, type] of [
    ['/links/verification', 'account_onboarding'],
    ['/links/update', 'account_update'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: requireStepUp,
        // The provider's forms change the bank account and the holder's personal details.
        config: { staffPermission: 'bankAccount' },
        schema: {
          tags,
          summary: `A one-time ${type.replace('_', ' ')} link (opened in the same window)`,
          params: shopParams,
          response: { 200: urlResult },
        },
      },
      async (req) => {
        const active = await connectedAccount(app, req.params.shopId);
        // Account links exist only for platform-created accounts; a shop's own account is managed in its own dashboard.
        if (active.mode === 'standard') return { url: 'https://dashboard.stripe.com/account' };
        const page = accountPage(app, req.params.shopId);
        return {
          url: await payments.connect.accountLink(active.accountId, { type, refreshUrl: page, returnUrl: page, idempotencyKey: newKey() }),
        };
      },
    );
  }

  app.post(
    '/archive',
    {
      preHandler: requireStepUp,
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: 'Archive the account and create a new platform account (super admins)',
        params: shopParams,
        response: { 200: messageResult.extend({ accountId: z.string() }) },
      },
    },
    async (req) => {
      const { shopId } = req.params;
      const shop = await shopForStripe(shopId, db);
      const previous = await activeAccount(shopId, db);
      const accountId = await payments.connect.createAccount({
        country: shop.country,
        email: shop.email,
        businessName: shop.name,
        idempotencyKey: `account-create-${shopId}-${newKey()}`,
      });
      await activate(shopId, db, { accountId, mode: 'custom' }, clock.now(), 'archived');
      await tellAdmins(req, { kind: 'archived', previous: previous?.accountId ?? null, accountId });
      return { message: messages.stripeArchived, accountId };
    },
  );

  app.post(
    '/external_account/:token',
    {
      preHandler: requireStepUp,
      config: { staffPermission: 'bankAccount' },
      schema: {
        tags,
        summary: 'Set the bank account from a token made in the browser',
        params: shopParams.extend({ token: z.string().regex(/^[A-Za-z0-9_-]{3,2048}$/, { error: messages.bankTokenMissing }) }),
        response: { 200: messageResult.extend({ external_account: externalAccountSchema }) },
      },
    },
    async (req) => {
      const active = await connectedAccount(app, req.params.shopId);
      const external = await payments.connect.setExternalAccount(active.accountId, req.params.token, newKey());
      if (external.object !== 'bank_account')
        throw badRequest(messages.unsupportedExternalAccount, undefined, 'UNSUPPORTED_EXTERNAL_ACCOUNT');
      await tellAdmins(req, { kind: 'bankAccount', last4: external.last4 });
      return { message: messages.bankAccountUpdated, external_account: external };
    },
  );

  app.post(
    '/payout_schedule',
    {
      preHandler: requireStepUp,
      config: { staffPermission: 'bankAccount' },
      schema: {
        tags,
        summary: 'Set the payout schedule (daily with the minimum delay, weekly on a weekday, monthly on day 1–31)',
        params: shopParams,
        body: payoutScheduleSchema,
        response: {
          200: messageResult.extend({ schedule: accountSchema.shape.settings.unwrap().unwrap().shape.payouts.unwrap().shape.schedule }),
        },
      },
    },
    async (req) => {
      const active = await connectedAccount(app, req.params.shopId);
      const raw = await payments.connect.updatePayoutSchedule(active.accountId, scheduleForStripe(req.body), newKey());
      const schedule = (raw as { settings?: { payouts?: { schedule?: Record<string, unknown> } } }).settings?.payouts?.schedule ?? {};
      await tellAdmins(req, { kind: 'payoutSchedule', schedule: req.body });
      return { message: messages.payoutScheduleUpdated, schedule };
    },
  );

  app.get(
    '/payouts',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'Payouts, newest first (Stripe’s list: data[], has_more)',
        params: shopParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          starting_after: z
            .string()
            .regex(/^po_\w+$/)
            .optional(),
        }),
        response: { 200: payoutListSchema },
      },
    },
    async (req) => {
      const active = await connectedAccount(app, req.params.shopId);
      return payments.connect.listPayouts(active.accountId, { limit: req.query.limit, startingAfter: req.query.starting_after });
    },
  );

  app.get(
    '/balance_transactions',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary:
          'Recent activity: the account’s charges, refunds and payouts, newest first ' +
          '(Stripe’s list: data[], has_more; minor units, money out negative)',
        params: shopParams,
        querystring: z.object({
          limit: z.coerce
            .number({ error: messages.stripeListLimit })
            .int({ error: messages.stripeListLimit })
            .min(1, { error: messages.stripeListLimit })
            .max(100, { error: messages.stripeListLimit })
            .default(20),
          starting_after: z
            .string()
            .regex(/^txn_\w{1,200}$/, { error: messages.balanceTransactionCursor })
            .optional(),
        }),
        response: { 200: balanceTransactionListSchema },
      },
    },
    async (req) => {
      const active = await connectedAccount(app, req.params.shopId);
      return payments.connect.listBalanceTransactions(active.accountId, {
        limit: req.query.limit,
        startingAfter: req.query.starting_after,
      });
    },
  );

  app.get(
    '/balance',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'Available and pending balance (minor units), and the next payout',
        description:
          '`next_payout`: the next day the payout schedule pays out (daily, weekly on its weekday, monthly on its day or ' +
          'the month’s last), in the shop’s time zone; its `amount` when the provider can know it, else null. ' +
          '`pending_charges`: the charges the pending balance consists of, when the provider can say.',
        params: shopParams,
        response: { 200: balanceSchema },
      },
    },
    async (req) => {
      const active = await connectedAccount(app, req.params.shopId);
      const balance = await payments.connect.retrieveBalance(active.accountId);
      if (balance.next_payout !== undefined) return { ...balance, next_payout: balance.next_payout };
      // Stripe says what is pending, not when the next payout is: that follows from the account's schedule.
      const raw = (await payments.connect.retrieveAccount(active.accountId)) as {
        payouts_enabled?: boolean;
        settings?: { payouts?: { schedule?: ScheduleOfPayouts } };
      };
      const { timezone } = await shopForStripe(req.params.shopId, db);
      const day = raw.payouts_enabled ? nextPayoutDay(raw.settings?.payouts?.schedule ?? {}, clock.now(), timezone) : null;
      return { ...balance, next_payout: day ? { date: day, amount: null } : null };
    },
  );
};
export default account;
