import { useEffect, useRef } from 'react';
import { SelectInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { timezonesFor } from '../../domain/countries';
import { countryName } from './labels';

/** Time zone choices follow the country (spec 1 §5); changing the country resets the choice. */
export function TimezoneInput({ country: fixedCountry }: { country?: string }) {
  const watched = useWatch({ name: 'country' }) as string | undefined;
  const country = fixedCountry ?? watched ?? '';
  const { setValue } = useFormContext();
  const previous = useRef(country);
  const zones = timezonesFor(country);

  useEffect(() => {
    if (previous.current === country) return;
    previous.current = country;
    // A single-zone country needs no choice; otherwise the user must pick one of the new country's zones.
    setValue('timezone', zones.length === 1 ? zones[0] : '', { shouldValidate: true, shouldDirty: true });
  }, [country, zones, setValue]);

  return (
    <SelectInput
      source="timezone"
      label="resources.shops.fields.timezone"
      choices={zones.map((z) => ({ id: z, name: z.replace(/_/g, ' ') }))}
      disabled={zones.length === 0}
      helperText={zones.length === 0 ? 'Choose the country first' : fixedCountry ? `Time zones of ${countryName(fixedCountry)}` : false}
      emptyText=""
      fullWidth
    />
  );
}
