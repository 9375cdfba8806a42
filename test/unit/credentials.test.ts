import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { credentialBox } from '../../server/services/credentials';

describe('CREDENTIALS_KEY', () => {
  it('takes 32 bytes as hex or base64, and names a bad value without echoing it', () => {
    const hex = crypto.randomBytes(32).toString('hex');
    expect(loadConfig({ CREDENTIALS_KEY: hex }).credentialsKey?.toString('hex')).toBe(hex);
    const b64 = crypto.randomBytes(32).toString('base64');
    expect(loadConfig({ CREDENTIALS_KEY: b64 }).credentialsKey?.toString('base64')).toBe(b64);
    expect(loadConfig({}).credentialsKey).toBeUndefined();
    expect(loadConfig({}).devices).toEqual({ registrationsPerMinute: 120 });
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

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = box.sealText('apple-password');
    expect(box.openText(a)).toBe('apple-password');
    expect(box.sealText('apple-password')).not.toBe(a);
    expect(Buffer.from(a, 'base64').includes(Buffer.from('apple-password'))).toBe(false);
  });

  it('refuses a tampered blob and another key', () => {
    const sealed = box.seal(Buffer.from('certificate'));
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => box.open(tampered)).toThrow();
    expect(() => credentialBox(crypto.randomBytes(32)).open(sealed)).toThrow();
    expect(() => credentialBox(crypto.randomBytes(16))).toThrow(/32 bytes/);
  });
});
