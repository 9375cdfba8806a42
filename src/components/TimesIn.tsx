import { Typography } from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import { timesIn } from '../../domain/dates';

/**
 * Says once per screen which clock its times are on ('Sydney time'): the shop's zone on a
 * shop's screens, the viewer's own on platform screens that list many shops.
 */
export function TimesIn({ zone }: { zone: string }) {
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      data-testid="times-in"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}
    >
      <AccessTimeIcon sx={{ fontSize: 14 }} aria-hidden />
      {timesIn(zone)}
    </Typography>
  );
}
