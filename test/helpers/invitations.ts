import { expect } from 'vitest';
import type { TestContext } from './app';

export interface InviteLink {
  url: string;
  inviteId: string;
  shopId: string;
  action: string;
  token: string;
}

export function parseInviteLink(url: string): InviteLink {
  const u = new URL(url);
  const m = /^\/invites\/([^/]+)\/shops\/([^/]+)$/.exec(u.pathname);
  expect(m, url).not.toBeNull();
  return { url, inviteId: m![1], shopId: m![2], action: u.searchParams.get('action') ?? '', token: u.searchParams.get('token') ?? '' };
}

/** The accept and reject links of the newest invitation mail to `to` (waits for it). */
export async function invitationLinks(ctx: TestContext, to: string, after = 0) {
  const deadline = Date.now() + 10_000;
  let mails = ctx.mail.for(to).filter((m) => /invited you to/.test(m.subject));
  while (mails.length <= after && Date.now() < deadline) {
    // waitFor answers at once with an earlier mail; a timer lets the server's I/O (the queued mail) run meanwhile.
    await new Promise((r) => setTimeout(r, 50));
    mails = ctx.mail.for(to).filter((m) => /invited you to/.test(m.subject));
  }
  expect(mails.length, `invitation mail #${after + 1} to ${to}`).toBeGreaterThan(after);
  const mail = mails[mails.length - 1];
  const accept = mail.links.find((l) => l.includes('action=accept'));
  const reject = mail.links.find((l) => l.includes('action=reject'));
  expect(accept).toBeDefined();
  expect(reject).toBeDefined();
  return { mail, accept: parseInviteLink(accept!), reject: parseInviteLink(reject!) };
}

export const answerUrl = (l: Pick<InviteLink, 'inviteId' | 'shopId'>, query: string) =>
  `/api/shops/${l.shopId}/invites/${l.inviteId}?${query}`;
export const previewUrl = (l: Pick<InviteLink, 'inviteId' | 'shopId'>, token: string) =>
  `/api/shops/${l.shopId}/invites/${l.inviteId}/preview?token=${encodeURIComponent(token)}`;
