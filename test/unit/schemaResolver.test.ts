import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shopCreateBody } from '../../domain/shop';
import { requiredMsg } from '../../domain/validation';
import { schemaErrors, schemaResolver } from '../../src/components/forms/schemaResolver';

const resolve = schemaResolver(shopCreateBody, { messages: { logo: requiredMsg('Logo') } });
const run = (values: Record<string, unknown>, names?: string[]) =>
  resolve(values, undefined, { fields: {}, names, shouldUseNativeValidation: false });

describe('schemaResolver (console forms with the domain schemas)', () => {
  it("gives each field the schema's message, and the override for a missing logo", async () => {
    const { errors } = await run({ name: 'Cu', description: 'short', locality: null, type: 'CAFE' });
    expect(errors.name?.message).toBe('Should be at least 3 characters');
    expect(errors.description?.message).toBe('Should be at least 10 characters');
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

  it("puts a nested error under the nearest field the form has, else at the issue's own path", async () => {
    const nested = z.object({
      logo: z.object({ path: z.string().min(1, 'Upload a logo') }),
      name: z.object({ title: z.string().min(4, 'Too short') }),
    });
    const check = schemaResolver(nested);
    const values = { logo: { path: '' }, name: { title: 'ab' } };
    const { errors } = await check(values, undefined, { fields: {}, names: ['logo', 'name.title'], shouldUseNativeValidation: false });
    expect((errors as any).logo?.message).toBe('Upload a logo');
    expect((errors as any).name?.title?.message).toBe('Too short');
    const unregistered = await check(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((unregistered.errors as any).logo?.path?.message).toBe('Upload a logo');
  });

  it('gives dialogs the same messages, flat by field path', () => {
    const parsed = z.object({ pickup: z.object({ open: z.string().min(5, 'Open time') }) }).safeParse({ pickup: { open: '' } });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(schemaErrors(parsed.error)).toEqual({ 'pickup.open': 'Open time' });
  });
});
