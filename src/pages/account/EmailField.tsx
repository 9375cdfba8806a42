import { TextField, type TextFieldProps } from '@mui/material';
import { useMessage } from '../../components/useMessage';

/** The e-mail box every account form starts with; pages pass value, errors and a different autoComplete. */
export function EmailField(props: TextFieldProps) {
  const t = useMessage();
  return <TextField label={t('account.email')} name="email" type="email" autoComplete="email" autoFocus {...props} />;
}
