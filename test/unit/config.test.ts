import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig as loadConfigOf } from '../../server/config';
import { loadConfig } from '../../server/serverConfig';
import { staffConfig } from '../../server/areas/staff/config';
import { areaConfig, type EnvVariable } from '../../server/areas/types';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.trustProxy).toBe(false);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.accessTokenTtlSeconds).toBe(900);
    expect(c.refreshTokenTtlDays).toBe(30);
    expect(c.storage).toEqual({ driver: 'local' });
    expect(c.upload).toEqual({ maxBytes: 10 * 1024 * 1024, maxPixels: 16_000_000, perMinute: 30 });
    expect(c.rateLimit).toEqual({ windowSeconds: 60, perIp: 30, perAccount: 10 });
    expect(staffConfig.of(c).invites).toEqual({ perShopPerHour: 50, perUserPerHour: 20 });
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

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never as "trust every hop"', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8,loopback' }).trustProxy).toEqual(['fd00::/8', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: must be the number of proxies in front of the server \(TRUST_PROXY=1/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be the number of proxies/);
  });

  it.each(['cafe', '10.0.0.0/33', '10.0.0/8', '1.2.3.4/8/9', 'fd00::/129', '300.1.1.1'])(
    'refuses TRUST_PROXY=%s at start rather than letting the proxy check fail later',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a hop count or a comma-separated list/);
    },
  );

  it.each([
    ['JWT_SECRET', 'short-secret-value'],
    ['SMTP_URL', 'http://user:hunter2-password@mail'],
    ['DATABASE_URL', 'mysql://root:hunter2-password@db/x'],
    ['S3_ENDPOINT', 'https://AKIAKEY:hunter2-password@mini o'],
    ['PUBLIC_URL', 'https://admin:hunter2-password@serv ery'],
  ])('names %s but never echoes its value', (name, value) => {
    let message = '';
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(new RegExp(`${name}:`));
    expect(message).not.toContain(value);
    expect(message).not.toContain('hunter2');
  });

  it('requires a bucket for S3 storage', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    const c = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(c.storage).toMatchObject({ driver: 's3', bucket: 'media', forcePathStyle: true });
  });

  it("composes an area's variables: validated, kept secret when declared so, and never declared twice", () => {
    const declared = (variables: Record<string, EnvVariable>) => areaConfig(variables, (e) => e);
    const pin = declared({
      TILL_PIN: { schema: z.string().regex(/^\d{4}$/, 'must be 4 digits'), default: '—', readme: 'x', secret: true },
    });
    const area = { name: 'till', routes: {}, tables: {}, config: pin };
    expect(pin.of(loadConfigOf({ TILL_PIN: '1234' }, [area]))).toEqual({ TILL_PIN: '1234' });
    expect(() => loadConfigOf({ TILL_PIN: 'hunter2' }, [area])).toThrow(/TILL_PIN: must be 4 digits$/);
    expect(() => pin.of(loadConfigOf({}, []))).toThrow(/without the variables TILL_PIN/);
    const port = { name: 'clash', routes: {}, tables: {}, config: declared({ PORT: { schema: z.string(), default: '—', readme: 'x' } }) };
    expect(() => loadConfigOf({}, [port])).toThrow('Environment variable PORT is declared twice (again by the clash area)');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
