import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps, type TextFieldProps } from '@mui/material';
import { styled, useThemeProps } from '@mui/material/styles';

export interface OutlinedTextFieldProps {
  label?: ReactNode;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  value?: unknown;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  margin?: TextFieldProps['margin'];
  size?: TextFieldProps['size'];
  className?: string;
  sx?: TextFieldProps['sx'];
  slotProps?: { input?: Partial<OutlinedInputProps> };
}

// TextField's own root: the same styles and theme overrides (MuiTextField), and the same class names.
const TextFieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

/**
 * MUI's TextField in its outlined variant, with the same markup, class names and theme defaults (MuiTextField). The
 * account pages use it because TextField also brings the code of its `select` mode (a menu, a popover, a modal and a
 * focus trap), which the sign-in page would otherwise load with the console's start.
 */
export function OutlinedTextField(inProps: OutlinedTextFieldProps) {
  const props = useThemeProps({ props: inProps, name: 'MuiTextField' }) as OutlinedTextFieldProps;
  const { label, helperText, id: idOverride, className, slotProps, sx, margin, size, ...input } = props;
  const { error = false, required = false, disabled = false, fullWidth = false } = props;
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <TextFieldRoot
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color="primary"
      variant="outlined"
      margin={margin}
      size={size}
      sx={sx}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={input.autoComplete}
        autoFocus={input.autoFocus ?? false}
        fullWidth={fullWidth}
        name={input.name}
        type={input.type}
        value={input.value}
        id={id}
        inputRef={input.inputRef}
        onBlur={input.onBlur}
        onChange={input.onChange}
        label={label}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </TextFieldRoot>
  );
}
