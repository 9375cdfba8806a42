import { emailSchema, nameSchema, passwordSchema } from '../../../domain/account';
import type { MessageKey } from '../../../domain/messages';
import { messages } from '../../../domain/messages';

/** Field checks of the account forms (spec 1 §5), returning message keys for translate(). */
const keyOf = (message: string | undefined): MessageKey | undefined =>
  message === undefined ? undefined : ((Object.keys(messages) as MessageKey[]).find((k) => messages[k] === message) ?? 'invalidForm');

export const checkEmail = (value: string): MessageKey | undefined => {
  const r = emailSchema.safeParse(value);
  return r.success ? undefined : 'emailInvalid';
};

export const checkPassword = (value: string): MessageKey | undefined => {
  const r = passwordSchema.safeParse(value);
  return r.success ? undefined : keyOf(r.error.issues[0]?.message);
};

export const checkName = (value: string): MessageKey | undefined => (nameSchema.safeParse(value).success ? undefined : 'nameRequired');

export const checkConfirm = (password: string, confirm: string): MessageKey | undefined =>
  confirm === password ? undefined : 'passwordMismatch';

export type FieldErrors<K extends string> = Partial<Record<K, MessageKey>>;

export const hasErrors = (errors: Record<string, unknown>) => Object.values(errors).some(Boolean);
