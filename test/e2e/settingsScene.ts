import { beforeAll, expect } from 'vitest';
import { createUser, type TestUser } from '../helpers/users';
import { uniqueEmail, uploadLogo, useE2eEnvironment } from './steps';

/** The server (`env`: its settings), Chromium and an owner with one Sydney cafe, made through the API. */
export function useSettingsScene(opts: { env?: Record<string, string> } = {}) {
  const env = useE2eEnvironment(opts);
  const scene = { owner: undefined as unknown as TestUser, shopId: '' };
  beforeAll(async () => {
    scene.owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    const logo = await uploadLogo(env.server, scene.owner, { r: 40, g: 90, b: 160 });
    const res = await env.server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: scene.owner.headers,
      payload: {
        name: 'Bean There',
        description: 'Coffee and toasties',
        locality: 'Glebe',
        logo: { path: logo },
        country: 'AU',
        type: 'CAFE',
        timezone: 'Australia/Sydney',
      },
    });
    expect(res.statusCode).toBe(201);
    scene.shopId = res.json().id;
  });
  const url = (...p: string[]) => `${env.server.baseUrl}/shops/${scene.shopId}/${p.join('/')}`;
  const setting = async (kind: string) =>
    (
      await env.server.ctx.app.inject({ method: 'GET', url: `/api/shops/${scene.shopId}/settings/${kind}`, headers: scene.owner.headers })
    ).json();
  return { env, scene, url, setting };
}
