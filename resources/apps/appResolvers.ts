import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { appBasicBody, appCreateBody } from '../../domain/apps';
import { requiredMsg } from '../../domain/validation';

/**
 * Like src/components/zodResolver, but errors inside the outlets list sit on the outlet's own field
 * (`outlets.1.name`), so each row of the list shows its own message and a corrected row clears it.
 */
function nestedZodResolver<T extends FieldValues>(schema: z.ZodType, overrides: Record<string, string>): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const keys = issue.path.length ? issue.path.map(String) : ['root'];
      // An error on a whole outlet row (or the list) sits on the list itself.
      const path = keys[0] === 'outlets' && keys.length < 3 ? ['outlets'] : keys;
      let node = errors as Record<string, unknown>;
      for (const key of path.slice(0, -1)) node = (node[key] ??= /^\d+$/.test(path[path.indexOf(key) + 1] ?? '') ? [] : {}) as Record<string, unknown>;
      const last = path[path.length - 1];
      if (node[last]) continue;
      node[last] = { type: issue.code ?? 'validation', message: overrides[path.join('.')] ?? issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

const overrides = { logo: requiredMsg('Logo') };
export const appCreateResolver = nestedZodResolver(appCreateBody, overrides);
export const appBasicResolver = nestedZodResolver(appBasicBody, overrides);
