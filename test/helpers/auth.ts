import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './app';

/** The refresh cookie a response set: its value and its attributes (lower-cased names). */
export function refreshCookie(res: LightMyRequestResponse): { value: string; attrs: Record<string, string | true> } | undefined {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : raw ? [raw] : []).find((c) => c.startsWith('servery_refresh='));
  if (!line) return undefined;
  const [pair, ...rest] = line.split(';').map((p) => p.trim());
  const attrs: Record<string, string | true> = {};
  for (const a of rest) {
    const eq = a.indexOf('=');
    attrs[(eq < 0 ? a : a.slice(0, eq)).toLowerCase()] = eq < 0 ? true : a.slice(eq + 1);
  }
  return { value: decodeURIComponent(pair.slice('servery_refresh='.length)), attrs };
}

export const cookieHeader = (value: string) => ({ cookie: `servery_refresh=${encodeURIComponent(value)}` });

/** Refresh and logout take JSON only (a cross-site page cannot send that without asking); the body may be empty. */
export const JSON_TYPE = { 'content-type': 'application/json' } as const;

/** The action link of the newest mail to `to` with that subject, and its parts. */
export async function actionLinkFor(ctx: TestContext, to: string, subject: RegExp) {
  const mail = await ctx.mail.waitFor(to, subject);
  const link = mail.links.find((l) => l.includes('/auth/manage?'));
  if (!link) throw new Error(`no action link in: ${mail.text}`);
  const url = new URL(link);
  return {
    mail,
    link,
    url,
    mode: url.searchParams.get('mode'),
    oobCode: url.searchParams.get('oobCode')!,
    continuePath: url.searchParams.get('continuePath'),
  };
}

export const VERIFY_SUBJECT = /^Verify your email for Servery$/;
export const RESET_SUBJECT = /^Reset your Servery password$/;
