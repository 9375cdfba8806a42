import type { ReactNode } from 'react';
import { BooleanInput, NumberInput } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { MoneyInput } from '../../src/components/MoneyInput';

/** The i18n key of a settings field's label: resources.settings.fields.{source}. */
export const fieldLabel = (source: string) => `resources.settings.fields.${source}`;

/** A labelled on/off switch of a settings document. */
export const Switch = ({ source, helperText }: { source: string; helperText?: string }) => (
  <BooleanInput source={source} label={fieldLabel(source)} helperText={helperText ?? false} />
);

type AmountProps = {
  source: string;
  label?: string;
  min?: number;
  max?: number;
  step?: number;
  helperText?: string | false;
};

const amountProps = ({ source, label, min = 0, max, step = 0.01, helperText }: AmountProps) => ({
  source,
  label: label ?? fieldLabel(source),
  min,
  max,
  step,
  helperText: helperText ?? false,
  fullWidth: false,
  // Wide enough for its label ('Minimum order value') whatever the page's width: a cut label is a guess.
  sx: { minWidth: 210 },
});

/** An amount of money with the given bounds shown to the browser (the schema is what enforces them), two decimals. */
export const Amount = (props: AmountProps) => <MoneyInput {...amountProps(props)} />;

/** A percentage with the given bounds, shown as typed. */
export const Percentage = (props: AmountProps) => <NumberInput {...amountProps(props)} />;

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
