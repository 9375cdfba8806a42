import { describe, expect, it } from 'vitest';
import { formatDateTime, timesIn, viewerTimeZone, zoneName } from '../../domain/dates';

describe('formatDateTime (spec 1 §9: "Mon, Jan 1st 3:04 pm")', () => {
  it('formats an instant in the shop time zone', () => {
    expect(formatDateTime('2024-01-01T04:04:00Z', 'Australia/Sydney')).toBe('Mon, Jan 1st 3:04 pm');
    expect(formatDateTime('2024-01-01T15:04:00Z', 'Europe/London')).toBe('Mon, Jan 1st 3:04 pm');
    expect(formatDateTime(new Date('2024-03-22T09:30:00Z'), 'America/New_York')).toBe('Fri, Mar 22nd 5:30 am');
  });

  it('gives an empty string for what is not a date', () => {
    expect(formatDateTime('not a date', 'Europe/London')).toBe('');
  });
});

describe('timesIn and zoneName: the caption that says which clock a screen uses', () => {
  it('names the zone as people read it', () => {
    expect(timesIn('Australia/Sydney')).toBe('Sydney time');
    expect(timesIn('Australia/Lord_Howe')).toBe('Lord Howe time');
    expect(timesIn('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(timesIn('UTC')).toBe('UTC time');
    expect(zoneName('America/Los_Angeles')).toBe('America/Los Angeles');
  });

  it("reads the viewer's zone from the runtime", () => {
    expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
