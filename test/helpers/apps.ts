import { expect } from 'vitest';
import type { TestContext } from './app';
import type { TestUser } from './users';
import { storedImage } from './images';
import { multipart } from './uploads';
import type { App } from '../../domain/apps';

/** A new-app body whose logo `by` uploaded, with the given outlets. */
export async function appBody(
  ctx: TestContext,
  by: TestUser,
  outlets: { name: string; shopId: string }[],
  overrides: Record<string, unknown> = {},
) {
  return { bundleId: 'com.servery.cafe', name: 'Servery Cafe', logo: { path: await storedImage(ctx, by) }, outlets, ...overrides };
}

export async function createApp(
  ctx: TestContext,
  by: TestUser,
  outlets: { name: string; shopId: string }[],
  overrides: Record<string, unknown> = {},
): Promise<App> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/whitelabel/apps',
    headers: by.headers,
    payload: await appBody(ctx, by, outlets, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as App;
}

export function uploadCredential(
  ctx: TestContext,
  by: TestUser | undefined,
  bundleId: string,
  kind: string,
  data: Buffer,
  filename = 'file.p12',
) {
  const body = multipart({ file: { filename, contentType: 'application/octet-stream', data } });
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/whitelabel/apps/${bundleId}/files/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...by?.headers },
  });
}

export const SECRETS = {
  appleIdPassword: 'apple-pw-Xq9!secret',
  applicationSpecificPassword: 'abcd-efgh-ijkl-mnop',
  apnsKey: '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg\n-----END PRIVATE KEY-----',
};
export const APPSTORE = {
  bundleName: 'Servery Cafe',
  appleId: 'dev@servery.app',
  teamId: 'TEAM123456',
  itcTeamId: '118001',
  itcTeamName: 'Servery Pty Ltd',
  ...SECRETS,
};
export const CERT = Buffer.from('pkcs12-certificate-bytes-very-secret');
export const PLIST = Buffer.from('<?xml version="1.0"?><plist><dict><key>API_KEY</key><string>AIzaSecret</string></dict></plist>');

/** Uploads both Appstore files and saves a complete Appstore tab. */
export async function fillAppstore(ctx: TestContext, by: TestUser, bundleId: string) {
  expect((await uploadCredential(ctx, by, bundleId, 'apnsCert', CERT, 'apns.p12')).statusCode).toBe(200);
  expect((await uploadCredential(ctx, by, bundleId, 'appstoreGoogleServices', PLIST, 'GoogleService-Info.plist')).statusCode).toBe(200);
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/whitelabel/apps/${bundleId}/appstore`,
    headers: by.headers,
    payload: APPSTORE,
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function runnerToken(ctx: TestContext, by: TestUser, name = 'CI runner') {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/build-runner/tokens', headers: by.headers, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  const { id, token } = res.json() as { id: string; token: string };
  return { id, token, headers: { authorization: `Bearer ${token}` } };
}
