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
  constructor(
    secret: string,
    private ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
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
