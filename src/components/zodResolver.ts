import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver built from a domain zod schema, so console forms show exactly the
 * messages the server answers with. Errors sit on the top-level field (a logo's `path` error shows
 * under the logo input); `overrides` rewords a field whose schema has no message for a missing value.
 */
export function zodResolver<T extends FieldValues>(
  schema: z.ZodType,
  overrides: Record<string, string> = {},
): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      if (field in errors) continue;
      errors[field] = { type: issue.code ?? 'validation', message: overrides[field] ?? issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
