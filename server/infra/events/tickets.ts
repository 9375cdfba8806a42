import crypto from 'node:crypto';
import { AccessTokens } from '../auth/tokens';
import type { AccessClaims } from '../auth/tokens';

/** How long a stream ticket opens streams: long enough to connect, short enough that a leaked URL is soon useless. */
export const STREAM_TICKET_SECONDS = 60;

/**
 * EventSource cannot send an Authorization header, so the console trades its access token for a short-lived ticket
 * and puts that in the stream's URL instead of the token. A ticket opens only the event stream of the shop it names,
 * and is signed with a key of its own, so it can never pass as an access token anywhere else.
 */
export class StreamTickets {
  private tokens: AccessTokens;
  constructor(secret: string) {
    const key = crypto.createHmac('sha256', secret).update('servery:stream-ticket').digest('base64url');
    this.tokens = new AccessTokens(key, STREAM_TICKET_SECONDS);
  }

  issue(claims: AccessClaims, shopId: string, now: Date) {
    return this.tokens.sign({ sub: claims.sub, sid: `${claims.sid}:${shopId}` }, now);
  }

  /** The session behind a ticket for this shop's stream, or null. */
  async verify(ticket: string, shopId: string, now: Date): Promise<AccessClaims | null> {
    const claims = await this.tokens.verify(ticket, now);
    if (!claims) return null;
    const [sid, forShop] = claims.sid.split(':');
    return forShop === shopId ? { sub: claims.sub, sid } : null;
  }
}
