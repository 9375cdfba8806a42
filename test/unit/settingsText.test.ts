import { describe, expect, it } from 'vitest';
import { readSettings, SETTINGS, storedFromText } from '../../domain/settings';

describe('settings read from their stored text', () => {
  it('reads the same text once and shares the frozen reading', () => {
    const text = JSON.stringify({ creditCardSurchargeEnabled: true, creditCardSurchargeAmount: 50 });
    const first = readSettings(SETTINGS.checkout, storedFromText(text));
    const again = readSettings(SETTINGS.checkout, storedFromText(` ${text}`.trim()));
    expect(again).toBe(first);
    expect(first).toMatchObject({ creditCardSurchargeEnabled: true, creditCardSurchargeAmount: 0.5 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { hasCash: boolean }).hasCash = false;
    }).toThrow(TypeError);
  });

  it('reads changed text as the new document', () => {
    const before = readSettings(SETTINGS.checkout, storedFromText(JSON.stringify({ hasCash: true })));
    const after = readSettings(SETTINGS.checkout, storedFromText(JSON.stringify({ hasCash: false })));
    expect([before.hasCash, after.hasCash]).toEqual([true, false]);
  });

  it('reads each kind of one shared document apart', () => {
    const stored = storedFromText(JSON.stringify({}));
    expect(readSettings(SETTINGS.checkout, stored)).toEqual(readSettings(SETTINGS.checkout, undefined));
    expect(readSettings(SETTINGS.timings, stored)).toEqual(readSettings(SETTINGS.timings, undefined));
  });

  it('reads no document as the defaults, and one that fits no schema as the defaults without freezing them', () => {
    expect(readSettings(SETTINGS.loyalty, storedFromText(null))).toEqual(readSettings(SETTINGS.loyalty, undefined));
    const broken = readSettings(SETTINGS.loyalty, storedFromText(JSON.stringify({ count: 'many' })));
    expect(broken).toBe(SETTINGS.loyalty.defaults);
    expect(Object.isFrozen(SETTINGS.loyalty.defaults)).toBe(false);
  });

  it('leaves documents read from elsewhere unshared', () => {
    const stored = { hasCash: false };
    const read = readSettings(SETTINGS.checkout, stored);
    expect(Object.isFrozen(read)).toBe(false);
    expect(readSettings(SETTINGS.checkout, stored)).not.toBe(read);
  });
});
