import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import type { z } from 'zod';
import { messages } from '../../../domain/messages';
import { schemaErrors } from './schemaResolver';

/**
 * State for a small dialog form checked by a domain zod schema before it is sent, so the dialog shows the
 * server's own messages. `save` gets the parsed values; when it resolves the form resets and closes. When it
 * rejects, the form stays open for another try with the server's field errors (`error.body.errors`) under the
 * fields; the toast is the save's own (useApiMutation reports every failure once).
 */
export function useSchemaForm<T extends Record<string, unknown>, Out>(
  schema: z.ZodType<Out>,
  initial: T,
  { save, onClose }: { save: (data: Out) => Promise<unknown>; onClose: () => void },
) {
  const notify = useNotify();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  /** Sets a field and clears its error, as the user is correcting it. */
  const change = <K extends keyof T & string>(field: K, value: T[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((x) => ({ ...x, [field]: '' }));
  };

  const close = () => {
    setValues(initial);
    setErrors({});
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(schemaErrors(parsed.error));
      notify(messages.invalidForm, { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      await save(parsed.data);
      close();
    } catch (error) {
      const fromServer = (error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors;
      if (fromServer) setErrors(fromServer);
    } finally {
      setSaving(false);
    }
  };

  return { values, errors, saving, change, setValues, submit, close };
}
