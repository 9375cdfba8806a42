import { useTranslate } from 'react-admin';
import type { MessageKey } from '../../domain/messages';

/** translate() for the spec's messages: useMessage()('passwordMin') → 'Password should be atleast 8 characters'. */
export function useMessage() {
  const translate = useTranslate();
  return (key: MessageKey | `app.${string}` | `account.${string}`, values?: Record<string, unknown>) => translate(`servery.${key}`, values);
}
