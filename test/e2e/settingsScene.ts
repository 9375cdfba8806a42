import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../helpers/browser';
import { createUser, type TestUser } from '../helpers/users';
import { uniqueEmail, uploadLogo, useE2eEnvironment } from './steps';

/** SETTINGS_SHOTS=dir saves screenshots of each screen at three widths (looked at by hand, not asserted). */
const shots = process.env.SETTINGS_SHOTS;
const TABLET = { width: 820, height: 1180 };

/** axe on the page (no serious or critical findings), then the screenshots when asked for. */
export async function audit(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(200);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${name}`).toEqual([]);
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  for (const [size, viewport] of [['phone', PHONE], ['tablet', TABLET], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** The server, Chromium and an owner with one Sydney cafe, made through the API. */
export function useSettingsScene() {
  const env = useE2eEnvironment();
  const scene = { owner: undefined as unknown as TestUser, shopId: '' };
  beforeAll(async () => {
    scene.owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    const logo = await uploadLogo(env.server, scene.owner, { r: 40, g: 90, b: 160 });
    const res = await env.server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: scene.owner.headers,
      payload: { name: 'Bean There', description: 'Coffee and toasties', locality: 'Glebe', logo: { path: logo }, country: 'AU', type: 'CAFE', timezone: 'Australia/Sydney' },
    });
    expect(res.statusCode).toBe(201);
    scene.shopId = res.json().id;
  });
  const url = (...p: string[]) => `${env.server.baseUrl}/shops/${scene.shopId}/${p.join('/')}`;
  const setting = async (kind: string) =>
    (await env.server.ctx.app.inject({ method: 'GET', url: `/api/shops/${scene.shopId}/settings/${kind}`, headers: scene.owner.headers })).json();
  return { env, scene, url, setting };
}
