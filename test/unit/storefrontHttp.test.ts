import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { etagOf, isFresh } from '../../server/infra/storefront/cacheable';
import { readLimiter } from '../../server/infra/storefront/readLimit';

const req = (headers: Record<string, string> = {}, ip = '10.0.0.1') => ({ headers, ip }) as unknown as FastifyRequest;

describe('storefront cacheable reads', () => {
  it('gives the same tag for the same body and another for any change', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf('x')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('is fresh only when If-None-Match names the tag (weak, listed or *)', () => {
    const tag = etagOf('body');
    expect(isFresh(req(), tag)).toBe(false);
    expect(isFresh(req({ 'if-none-match': tag }), tag)).toBe(true);
    expect(isFresh(req({ 'if-none-match': `W/${tag}` }), tag)).toBe(true);
    expect(isFresh(req({ 'if-none-match': `"other", ${tag}` }), tag)).toBe(true);
    expect(isFresh(req({ 'if-none-match': '*' }), tag)).toBe(true);
    expect(isFresh(req({ 'if-none-match': '"other"' }), tag)).toBe(false);
  });
});

describe('storefront read limit', () => {
  it('refuses an IP past its limit within the minute, others unaffected, and resets after it', () => {
    let t = 0;
    const limit = readLimiter(2, () => t);
    limit(req());
    limit(req());
    t = 15_000;
    // Retry-After: what is left of the minute.
    expect(() => limit(req())).toThrow(expect.objectContaining({ statusCode: 429, retryAfterSeconds: 45 }));
    expect(() => limit(req({}, '10.0.0.2'))).not.toThrow();
    t = 60_000;
    expect(() => limit(req())).not.toThrow();
  });
});
