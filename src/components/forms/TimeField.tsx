import { TextInput, type InputProps } from 'react-admin';

/** An 'HH:mm' time field (the browser's time picker, 24-hour value). */
export const TimeField = ({ source, label, ...rest }: { source: string; label: string } & Partial<InputProps>) => (
  <TextInput
    source={source}
    label={label}
    type="time"
    helperText={false}
    fullWidth={false}
    slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
    sx={{ width: 150 }}
    {...rest}
  />
);
