import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.accessTokenTtlSeconds).toBe(900);
    expect(c.refreshTokenTtlDays).toBe(30);
    expect(c.storage).toEqual({ driver: 'local' });
    expect(c.upload).toEqual({ maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 });
    expect(c.rateLimit).toEqual({ windowSeconds: 60, perIp: 30, perAccount: 10 });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['STORAGE_DRIVER', 'ftp'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('names %s when it is bad (%s)', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('requires a bucket for S3 storage', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    const c = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(c.storage).toMatchObject({ driver: 's3', bucket: 'media', forcePathStyle: true });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
