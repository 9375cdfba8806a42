import { TextInput, type TextInputProps } from 'react-admin';
import { fromZonedInput, toZonedInput } from '../../domain/zonedTime';

/**
 * A date and time typed on the shop's clock (not the browser's): the form holds the ISO instant the API
 * stores, the input shows and takes the shop's wall-clock time. Pair it with <TimesIn zone={…} />.
 */
export function ZonedDateTimeInput({ zone, ...props }: TextInputProps & { zone: string }) {
  return (
    <TextInput
      {...props}
      type="datetime-local"
      format={(v: string | null | undefined) => toZonedInput(v, zone)}
      parse={(v: string) => fromZonedInput(v, zone)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
