import { SignJWT, jwtVerify } from 'jose';

/**
 * Short-lived signed values that leave through the browser and come back: the OAuth `state` (which shop and which
 * user asked to connect) and the simulated provider's onboarding links. Signed with a key derived from the server's
 * signing secret for this purpose only, so an access token can never pass as one of these, nor the reverse.
 */
export class LinkTokens {
  private key: Promise<Uint8Array>;
  constructor(secret: string) {
    this.key = crypto.subtle.digest('SHA-256', new TextEncoder().encode(`stripe-link:${secret}`)).then((d) => new Uint8Array(d));
  }

  async sign(purpose: string, claims: Record<string, string>, now: Date, ttlSeconds = 30 * 60): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    // A unique id: two values signed in the same second for the same claims stay two values (each single-use one
    // is spent on its own).
    return new SignJWT({ ...claims, p: purpose })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(crypto.randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(await this.key);
  }

  /** The claims, or null when the value is forged, expired or for another purpose. */
  async verify(purpose: string, token: string, now: Date): Promise<Record<string, string> | null> {
    return (await this.verifyUntil(purpose, token, now))?.claims ?? null;
  }

  /** As verify, with the instant the value stops being valid (how long a single-use value must be remembered as spent). */
  async verifyUntil(purpose: string, token: string, now: Date): Promise<{ claims: Record<string, string>; expiresAt: Date } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], currentDate: now, requiredClaims: ['exp'] });
      if (payload.p !== purpose) return null;
      const claims = Object.fromEntries(Object.entries(payload).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      return { claims, expiresAt: new Date(payload.exp! * 1000) };
    } catch {
      return null;
    }
  }
}
