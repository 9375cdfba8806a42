import { OutlinedTextField, type OutlinedTextFieldProps } from '../../components/OutlinedTextField';
import { useMessage } from '../../components/useMessage';

/** The e-mail box every account form starts with; pages pass value, errors and a different autoComplete. */
export function EmailField(props: OutlinedTextFieldProps) {
  const t = useMessage();
  return <OutlinedTextField label={t('account.email')} name="email" type="email" autoComplete="email" autoFocus {...props} />;
}
