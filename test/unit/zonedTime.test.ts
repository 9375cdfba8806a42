import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from '../../domain/zonedTime';

describe("schedule times in the shop's zone", () => {
  it("reads a wall-clock time as the shop's, not the machine's", () => {
    expect(fromZonedInput('2030-12-01T09:00', 'Pacific/Auckland')).toBe('2030-11-30T20:00:00.000Z');
    expect(fromZonedInput('2030-07-01T09:00', 'Australia/Sydney')).toBe('2030-06-30T23:00:00.000Z');
    expect(fromZonedInput('2030-07-01T09:00', 'Europe/London')).toBe('2030-07-01T08:00:00.000Z');
  });

  it("shows an instant as the shop's wall-clock time, and round-trips", () => {
    expect(toZonedInput('2030-11-30T20:00:00.000Z', 'Pacific/Auckland')).toBe('2030-12-01T09:00');
    expect(fromZonedInput(toZonedInput('2031-03-02T01:30:00.000Z', 'Australia/Sydney'), 'Australia/Sydney')).toBe(
      '2031-03-02T01:30:00.000Z',
    );
  });

  it('leaves empty as none and nonsense for the schema to refuse', () => {
    expect(fromZonedInput('', 'Australia/Sydney')).toBeNull();
    expect(toZonedInput(null, 'Australia/Sydney')).toBe('');
    expect(fromZonedInput('soon', 'Australia/Sydney')).toBe('soon');
  });
});
