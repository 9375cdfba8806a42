import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import { loadConfig } from '../../server/serverConfig';
import { appsConfig } from '../../server/areas/apps/config';
import { credentialBox, lazyCredentialBox } from '../../server/infra/credentials';

describe('CREDENTIALS_KEY', () => {
  it('takes 32 bytes as hex or base64, and names a bad value without echoing it', () => {
    const hex = crypto.randomBytes(32).toString('hex');
    expect(loadConfig({ CREDENTIALS_KEY: hex }).credentialsKey?.toString('hex')).toBe(hex);
    const b64 = crypto.randomBytes(32).toString('base64');
    expect(loadConfig({ CREDENTIALS_KEY: b64 }).credentialsKey?.toString('base64')).toBe(b64);
    expect(loadConfig({}).credentialsKey).toBeUndefined();
    expect(appsConfig.of(loadConfig({})).devices).toEqual({ registrationsPerMinute: 120 });
    let message = '';
    try {
      loadConfig({ CREDENTIALS_KEY: 'hunter2-too-short' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/CREDENTIALS_KEY: must be 32 bytes/);
    expect(message).not.toContain('hunter2');
  });
});

describe('credentialBox', () => {
  const box = credentialBox(crypto.randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', async () => {
    const a = await box.sealText('apple-password');
    expect(await box.openText(a)).toBe('apple-password');
    expect(await box.sealText('apple-password')).not.toBe(a);
    expect(Buffer.from(a, 'base64').includes(Buffer.from('apple-password'))).toBe(false);
  });

  it('refuses a tampered blob and another key', async () => {
    const sealed = await box.seal(Buffer.from('certificate'));
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    await expect(box.open(tampered)).rejects.toThrow();
    await expect(credentialBox(crypto.randomBytes(32)).open(sealed)).rejects.toThrow();
    expect(() => credentialBox(crypto.randomBytes(16))).toThrow(/32 bytes/);
  });

  it('reads its key on first use and tries again after a failed read', async () => {
    const key = crypto.randomBytes(32);
    let calls = 0;
    const lazy = lazyCredentialBox(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database not reachable');
      return key;
    });
    expect(calls).toBe(0);
    await expect(lazy.sealText('x')).rejects.toThrow('database not reachable');
    expect(await credentialBox(key).openText(await lazy.sealText('x'))).toBe('x');
    await lazy.sealText('y');
    expect(calls).toBe(2);
  });
});
