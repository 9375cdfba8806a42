import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_COUNTRY, defaultTimezone, timezonesFor } from '../../domain/countries';

describe('a new shop starts in Australia (spec 2 §9)', () => {
  it('is AU', () => {
    expect(DEFAULT_SHOP_COUNTRY).toBe('AU');
  });
});

describe("defaultTimezone: the viewer's zone when it belongs to the country, else the country's main zone", () => {
  it("takes the viewer's own zone when the country has it", () => {
    expect(defaultTimezone('AU', 'Australia/Perth')).toBe('Australia/Perth');
    expect(defaultTimezone('US', 'America/Chicago')).toBe('America/Chicago');
    expect(defaultTimezone('NZ', 'Pacific/Chatham')).toBe('Pacific/Chatham');
  });

  it('maps older names to the zone that keeps the same clock', () => {
    expect(defaultTimezone('AU', 'Australia/Canberra')).toBe('Australia/Sydney');
    expect(defaultTimezone('AU', 'Australia/Broken_Hill')).toBe('Australia/Adelaide');
    expect(defaultTimezone('US', 'US/Pacific')).toBe('America/Los_Angeles');
  });

  it("falls back to the country's main zone for a viewer elsewhere or unknown", () => {
    expect(defaultTimezone('AU', 'Europe/London')).toBe('Australia/Sydney');
    expect(defaultTimezone('AU', 'UTC')).toBe('Australia/Sydney');
    expect(defaultTimezone('US')).toBe('America/New_York');
    expect(defaultTimezone('GB', 'America/New_York')).toBe('Europe/London');
    expect(defaultTimezone('NZ', 'Australia/Sydney')).toBe('Pacific/Auckland');
  });

  it('is empty for a country without zones, and always one of the choices otherwise', () => {
    expect(defaultTimezone('XX', 'Australia/Sydney')).toBe('');
    for (const c of ['AU', 'US', 'GB', 'NZ']) expect(timezonesFor(c)).toContain(defaultTimezone(c, 'Asia/Tokyo'));
  });
});
