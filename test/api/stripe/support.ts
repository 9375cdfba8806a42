import { expect } from 'vitest';
import type { ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

/** The shop's Stripe routes. */
export const stripeBase = (shopId: string) => `/api/stripe/shops/${shopId}`;

/** A bank token as the console's simulated tokenizer makes it: holder name, type, routing number, last 4 (no account number). */
export const simulatedBankToken = (fields: string[]) => `btok_sim_${Buffer.from(JSON.stringify(fields)).toString('base64url')}`;

/** Calls on a world's app as `user` (anonymous with null). */
export function stripeCalls(w: ShopWorld) {
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, user: TestUser | null = w.owner, payload?: Record<string, unknown>) =>
    w.ctx.app.inject({ method, url: path, headers: user?.headers, payload });
  /** The browser following a URL of this server: path and query only. */
  const open = (url: string) => w.ctx.app.inject({ method: 'GET', url: url.replace(w.ctx.config.publicUrl, '') });

  /** Walks the simulated provider's OAuth pages as `user` and answers the code and state the account page receives. */
  async function simulatedOAuth(shopId: string, user: TestUser = w.owner): Promise<{ code: string; state: string }> {
    const started = await call('POST', `${stripeBase(shopId)}/authorize/url`, user);
    expect(started.statusCode, started.body).toBe(200);
    const page = await open(started.json().url);
    expect(page.statusCode).toBe(302);
    const back = await open(page.headers.location as string);
    expect(back.statusCode).toBe(302);
    const landing = new URL(back.headers.location as string);
    expect(landing.pathname).toBe(`/shops/${shopId}/payments/stripe`);
    return { code: landing.searchParams.get('code')!, state: landing.searchParams.get('state')! };
  }

  /** Connects the shop's own (Standard) account through the simulated OAuth pages; answers its id. */
  async function connectStandard(shopId: string, user: TestUser = w.owner): Promise<string> {
    const done = await call('POST', `${stripeBase(shopId)}/authorize/return`, user, await simulatedOAuth(shopId, user));
    expect(done.statusCode, done.body).toBe(200);
    return done.json().accountId as string;
  }

  return { call, open, simulatedOAuth, connectStandard };
}
export type StripeCalls = ReturnType<typeof stripeCalls>;
