import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { SECURITY_HEADERS, securityHeaders } from '../../server/http/securityHeaders';

async function headersFrom(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/', async () => ({ ok: true }));
  const res = await app.inject({ url: '/' });
  await app.close();
  const { date: _date, connection: _connection, 'content-length': _length, ...rest } = res.headers;
  return rest;
}

describe('security headers', () => {
  it('are exactly the headers @fastify/helmet sends with the same options', async () => {
    const ours = await headersFrom((app) => app.register(securityHeaders, SECURITY_HEADERS));
    const theirs = await headersFrom((app) => app.register(fastifyHelmet, SECURITY_HEADERS));
    expect(ours).toEqual(theirs);
    expect(ours['content-security-policy']).toContain('script-src \'self\' https://js.stripe.com');
    expect(ours).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('reach answers that end in an error or a 404 too', async () => {
    const app = Fastify();
    await app.register(securityHeaders, SECURITY_HEADERS);
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    expect((await app.inject({ url: '/boom' })).headers['x-content-type-options']).toBe('nosniff');
    expect((await app.inject({ url: '/nowhere' })).headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
