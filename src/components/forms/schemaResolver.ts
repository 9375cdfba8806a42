import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { asSentence } from '../../../domain/messages';

interface SchemaFormOptions {
  /** Replaces the schema's message at a field path, for a schema with no message of its own (a missing logo). */
  messages?: Record<string, string>;
}

/**
 * Where an issue shows: the nearest field the form has at or above the issue's path (a logo's `path` error under the
 * logo input, an outlet row's error under the outlets list), else the issue's own path (collectionName.title).
 */
function fieldOf(path: readonly PropertyKey[], fields: readonly string[]): string {
  const keys = path.map(String);
  for (let n = keys.length; n > 0; n--) {
    const name = keys.slice(0, n).join('.');
    if (fields.includes(name)) return name;
  }
  return keys.join('.') || 'root';
}

function placeIssues(error: z.ZodError, fields: readonly string[], messages: Record<string, string>) {
  const placed = new Map<string, { type: string; message: string }>();
  for (const issue of error.issues) {
    const field = fieldOf(issue.path, fields);
    if (!placed.has(field)) placed.set(field, { type: issue.code ?? 'validation', message: asSentence(messages[field] ?? issue.message) });
  }
  return placed;
}

/** The first message of each field path of a failed parse, for forms that keep their own state (dialogs). */
export function schemaErrors(error: z.ZodError, { messages = {} }: SchemaFormOptions = {}): Record<string, string> {
  return Object.fromEntries([...placeIssues(error, [], messages)].map(([field, { message }]) => [field, message]));
}

/**
 * The console's one way from a domain zod schema to form errors: a react-hook-form resolver, so every form shows
 * exactly the messages the server answers with, each under the input it belongs to (nested ones included).
 */
export function schemaResolver<T extends FieldValues>(schema: z.ZodType, { messages = {} }: SchemaFormOptions = {}): Resolver<T> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [field, error] of placeIssues(result.error, options?.names ?? [], messages)) set(errors, field, error);
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
