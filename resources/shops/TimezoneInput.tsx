import { useEffect, useRef } from 'react';
import { SelectInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { defaultTimezone, timezonesFor } from '../../domain/countries';
import { viewerTimeZone, zoneName } from '../../domain/dates';
import { countryName } from './labels';

/**
 * Time zone choices follow the country (spec 1 §5). Changing the country moves the choice to that
 * country's zone, the viewer's own when it lies there, so most owners never need to open the list.
 */
export function TimezoneInput({ country: fixedCountry }: { country?: string }) {
  const watched = useWatch({ name: 'country' }) as string | undefined;
  const country = fixedCountry ?? watched ?? '';
  const { setValue } = useFormContext();
  const previous = useRef(country);
  const zones = timezonesFor(country);

  useEffect(() => {
    if (previous.current === country) return;
    previous.current = country;
    setValue('timezone', defaultTimezone(country, viewerTimeZone()), { shouldValidate: true, shouldDirty: true });
  }, [country, setValue]);

  return (
    <SelectInput
      source="timezone"
      label="resources.shops.fields.timezone"
      choices={zones.map((z) => ({ id: z, name: zoneName(z) }))}
      disabled={zones.length === 0}
      helperText={zones.length === 0 ? 'Choose the country first' : `Time zones of ${countryName(country)}`}
      emptyText=""
      fullWidth
    />
  );
}
