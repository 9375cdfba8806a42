import { describe, expect, it } from 'vitest';
import { shopCreateBody } from '../../domain/shop';
import { requiredMsg } from '../../domain/validation';
import { zodResolver } from '../../src/components/zodResolver';

const resolve = zodResolver(shopCreateBody, { logo: requiredMsg('Logo') });
const run = (values: Record<string, unknown>) => resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('zodResolver (console forms with the domain schemas)', () => {
  it("gives each field the schema's message, and the override for a missing logo", async () => {
    const { errors } = await run({ name: 'Cu', description: 'short', locality: null, type: 'CAFE' });
    expect(errors.name?.message).toBe('should be at least 3 characters');
    expect(errors.description?.message).toBe('should be at least 10 characters');
    expect(errors.locality?.message).toBe('Locality is required');
    expect(errors.logo?.message).toBe('Logo is required');
    expect(errors.country?.message).toBe('Country is required');
  });

  it('returns the parsed (trimmed) values when valid', async () => {
    const { values, errors } = await run({
      name: '  Cappuccino Corner ',
      description: 'Coffee and cakes all day',
      locality: 'Newtown',
      logo: { path: 'img/x.webp' },
      country: 'AU',
      type: 'CAFE',
      timezone: 'Australia/Sydney',
      id: 'ignored',
    });
    expect(errors).toEqual({});
    expect(values).toEqual({
      name: 'Cappuccino Corner',
      description: 'Coffee and cakes all day',
      locality: 'Newtown',
      logo: { path: 'img/x.webp' },
      country: 'AU',
      type: 'CAFE',
      timezone: 'Australia/Sydney',
    });
  });
});
