import type { ReactNode } from 'react';
import { BooleanInput, NumberInput } from 'react-admin';
import { Box, Typography } from '@mui/material';

/** The i18n key of a settings field's label: resources.settings.fields.{source}. */
export const fieldLabel = (source: string) => `resources.settings.fields.${source}`;

/** A labelled on/off switch of a settings document. */
export const Switch = ({ source, helperText }: { source: string; helperText?: string }) => (
  <BooleanInput source={source} label={fieldLabel(source)} helperText={helperText ?? false} />
);

/** A number field with the given bounds shown to the browser (the schema is what enforces them). */
export const Amount = ({
  source,
  label,
  min = 0,
  max,
  step = 0.01,
  helperText,
}: {
  source: string;
  label?: string;
  min?: number;
  max?: number;
  step?: number;
  helperText?: string | false;
}) => (
  <NumberInput
    source={source}
    label={label ?? fieldLabel(source)}
    min={min}
    max={max}
    step={step}
    helperText={helperText ?? false}
    fullWidth={false}
    // Wide enough for its label ('Minimum order value') whatever the page's width: a cut label is a guess.
    sx={{ minWidth: 210 }}
  />
);

/** A titled group of fields, indented under the switch that shows it. */
export function Group({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        pl: { xs: 1, sm: 2 },
        borderLeft: 2,
        borderColor: 'divider',
        mb: 2,
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
      }}
    >
      {title && (
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      {children}
    </Box>
  );
}
