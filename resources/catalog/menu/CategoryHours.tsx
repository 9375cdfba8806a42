import { BooleanInput, CheckboxGroupInput, TextInput, useTranslate } from 'react-admin';
import { Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { DOWS } from '../../../domain/catalog/availability';
import { describeDayPart, type DayPart } from '../../../domain/catalog/daypart';

const t = (key: string) => `resources.catalog.menu.hours.${key}`;

/**
 * When a category is offered (Breakfast 6:00–11:00 on weekdays): off, whenever the shop takes orders. The summary
 * line is the domain's own words, the ones customers read on the ordering page and in a refusal.
 */
export function CategoryHours({ index }: { index: number }) {
  const translate = useTranslate();
  const on = useWatch({ name: `categories.${index}.offeredOn` }) as boolean;
  const part = useWatch({ name: `categories.${index}.offered` }) as DayPart | undefined;
  const valid = !!part && part.dows.length > 0 && /^\d\d:\d\d$/.test(part.from) && /^\d\d:\d\d$/.test(part.to) && part.from !== part.to;
  return (
    <Stack sx={{ mt: 1 }}>
      <BooleanInput source={`categories.${index}.offeredOn`} label={t('limited')} helperText={t('limitedHint')} />
      {on && (
        <>
          <CheckboxGroupInput
            source={`categories.${index}.offered.dows`}
            label={t('days')}
            choices={DOWS.map((id) => ({ id, name: translate(`resources.catalog.items.days.${id}`) }))}
            row
            sx={{ '& .MuiFormGroup-root': { flexWrap: 'wrap' } }}
          />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <TextInput source={`categories.${index}.offered.from`} label={t('from')} type="time" helperText={false} sx={{ width: 150 }} />
            <TextInput source={`categories.${index}.offered.to`} label={t('to')} type="time" helperText={false} sx={{ width: 150 }} />
          </Stack>
          {valid && (
            <Typography variant="body2" color="text.secondary" data-testid="category-hours">
              {translate(t('summary'), { when: describeDayPart(part) })}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
