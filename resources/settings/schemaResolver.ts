import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver from a domain zod schema that puts each message on the field it belongs to, nested
 * ones included (collectionName.title, monday.lunch.open), so a settings form shows the server's own messages
 * under the input that caused them.
 */
export function schemaResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, unknown> = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'root';
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path, { type: issue.code ?? 'validation', message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
