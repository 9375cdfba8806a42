import { z } from 'zod';
import { format, messages } from './messages';

/** Builders for the spec's generic rule kinds (spec 1 §5), so every form and route words them alike. */
export const requiredMsg = (label: string) => format(messages.required, { name: label });
export const minLenMsg = (n: number) => format(messages.minLength, { n });
export const maxLenMsg = (n: number) => format(messages.maxLength, { n });

export function text(label: string, { min, max }: { min: number; max: number }) {
  return z
    .string({ error: requiredMsg(label) })
    .trim()
    .min(1, { error: requiredMsg(label) })
    .min(min, { error: minLenMsg(min) })
    .max(max, { error: maxLenMsg(max) });
}

export function cents(label: string) {
  return z
    .number({ error: requiredMsg(label) })
    .int({ error: `${label} should be a whole number of cents` })
    .min(0, { error: format(messages.minNumber, { n: 0 }) })
    .max(100_000_000, { error: format(messages.maxNumber, { n: 100_000_000 }) });
}

/** Turns a zod error into the contract's `errors` map ({ "field.path": "message" }). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
