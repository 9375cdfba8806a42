import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** 256-bit random token, URL-safe. Only its hash is stored. */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface AccessClaims {
  sub: string;
  sid: string;
}

export class AccessTokens {
  private key: Uint8Array;
  /** Signs the short-lived two-factor challenges: another key, so a challenge can never pass for an access token. */
  private challengeKey: Uint8Array;
  constructor(
    secret: string,
    private ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.challengeKey = new Uint8Array(crypto.createHmac('sha256', secret).update('two-factor challenge').digest());
  }

  /**
   * A signed statement that `sub` gave the right password at `now`: not a session, only the way to the code step.
   * `stamp` ties it to that password, so a password changed meanwhile voids it.
   */
  async signChallenge(sub: string, stamp: string, now: Date, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ typ: 'two-factor', stamp })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.challengeKey);
  }

  /** The user and stamp a live challenge names, or null. */
  async verifyChallenge(token: string, now: Date): Promise<{ sub: string; stamp: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.challengeKey, {
        algorithms: ['HS256'],
        currentDate: now,
        requiredClaims: ['exp', 'sub'],
      });
      const { typ, sub, stamp } = payload;
      return typ === 'two-factor' && typeof sub === 'string' && typeof stamp === 'string' ? { sub, stamp } : null;
    } catch {
      return null;
    }
  }

  async sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresIn: number }> {
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
    return { token, expiresIn: this.ttlSeconds };
  }

  async verify(token: string, now: Date): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now, requiredClaims: ['exp', 'sub'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { sub: payload.sub, sid: payload.sid };
    } catch {
      return null;
    }
  }
}
