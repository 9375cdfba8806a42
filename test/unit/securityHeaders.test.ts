import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { securityHeaderOptions, securityHeaders } from '../../server/infra/http/securityHeaders';

async function headersFrom(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/', async () => ({ ok: true }));
  const res = await app.inject({ url: '/' });
  await app.close();
  const { date: _date, connection: _connection, 'content-length': _length, ...rest } = res.headers;
  return rest;
}

/** The sources one directive of a Content-Security-Policy allows. */
const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

describe('security headers', () => {
  it('are exactly the headers @fastify/helmet sends with the same options', async () => {
    for (const stripe of [true, false]) {
      const options = securityHeaderOptions({ stripe });
      const ours = await headersFrom((app) => app.register(securityHeaders, options));
      const theirs = await headersFrom((app) => app.register(fastifyHelmet, options));
      expect(ours).toEqual(theirs);
      expect(ours).not.toHaveProperty('cross-origin-embedder-policy');
    }
  });

  it('let the console load Stripe.js, its frames and its API only when the server runs the Stripe provider', async () => {
    const withStripe = (await headersFrom((app) => app.register(securityHeaders, securityHeaderOptions({ stripe: true }))))[
      'content-security-policy'
    ];
    expect(directive(withStripe, 'script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directive(withStripe, 'frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directive(withStripe, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    const simulated = (await headersFrom((app) => app.register(securityHeaders, securityHeaderOptions({ stripe: false }))))[
      'content-security-policy'
    ];
    for (const name of ['script-src', 'frame-src', 'connect-src']) expect(directive(simulated, name)).toEqual(["'self'"]);
    expect(String(simulated)).not.toContain('stripe');
  });

  it('reach answers that end in an error or a 404 too', async () => {
    const app = Fastify();
    await app.register(securityHeaders, securityHeaderOptions({ stripe: false }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    expect((await app.inject({ url: '/boom' })).headers['x-content-type-options']).toBe('nosniff');
    expect((await app.inject({ url: '/nowhere' })).headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
