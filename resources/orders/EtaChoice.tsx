import { useTranslate } from 'react-admin';
import { Alert, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { AcceptBody } from '../../domain/order';
import { ETA_MINUTES, etaLabel } from '../../domain/order';
import { when } from './format';

/** The ETA choices' values: 'asRequested', '15', …, 'none'. */
export type EtaValue = string;

/** The first choice: the customer's own time when they gave one, else 15 minutes. */
export const firstEta = (asRequested: boolean): EtaValue => (asRequested ? 'asRequested' : '15');

export function etaOf(value: EtaValue): AcceptBody['eta'] {
  if (value === 'none') return null;
  if (value === 'asRequested') return { asRequested: true };
  return { minutes: Number(value) };
}

/**
 * What the customer will be told, busy mode included: the server adds busy mode's minutes to a number of minutes
 * (not to the customer's own time, nor to no ETA), so the kitchen sees it before confirming.
 */
export function etaPreview(value: EtaValue, extraMinutes: number): { minutes: number; extra: number } | null {
  const eta = etaOf(value);
  if (!eta || !('minutes' in eta)) return null;
  return { minutes: eta.minutes + extraMinutes, extra: extraMinutes };
}

/**
 * The ETA choice shared by the board's cards and the order page: As Requested first when the customer gave a time,
 * then the minutes, then no ETA; with busy mode on, the added minutes and the resulting ETA.
 */
export function EtaChoice({
  collectionTime,
  timeZone,
  extraMinutes,
  value,
  onChange,
}: {
  collectionTime: string | null;
  timeZone: string;
  extraMinutes: number;
  value: EtaValue;
  onChange: (value: EtaValue) => void;
}) {
  const translate = useTranslate();
  const preview = etaPreview(value, extraMinutes);
  return (
    <FormControl>
      <FormLabel id="eta-label">{translate('resources.orders.actions.readyIn')}</FormLabel>
      <RadioGroup aria-labelledby="eta-label" value={value} onChange={(e) => onChange(e.target.value)}>
        {collectionTime && (
          <FormControlLabel
            value="asRequested"
            control={<Radio />}
            label={translate('resources.orders.actions.asRequestedAt', { time: when(collectionTime, timeZone) })}
          />
        )}
        {ETA_MINUTES.map((m) => (
          <FormControlLabel key={m} value={String(m)} control={<Radio />} label={etaLabel(m)} />
        ))}
        <FormControlLabel value="none" control={<Radio />} label={translate('resources.orders.actions.noEta')} />
      </RadioGroup>
      {preview && preview.extra > 0 && (
        <Alert severity="info" data-testid="eta-preview" sx={{ mt: 1 }}>
          {translate('resources.orders.actions.busyAdds', { extra: preview.extra, minutes: preview.minutes })}
        </Alert>
      )}
    </FormControl>
  );
}
