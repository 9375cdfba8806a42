import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';

/** Heading of a platform page: title (also the app bar title), a line of help, and its buttons. */
/** `inShop`: the shop area already puts the shop's name in the app bar. */
export function PageHeader({
  title,
  subtitle,
  actions,
  inShop = false,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  inShop?: boolean;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ mb: 2, gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      {!inShop && <Title title={title} />}
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      </Box>
      {actions && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}

export function EmptyState({ icon, text, hint }: { icon: ReactNode; text: string; hint?: string }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
      <Box sx={{ '& svg': { fontSize: 48, opacity: 0.6 } }}>{icon}</Box>
      <Typography sx={{ mt: 1 }}>{text}</Typography>
      {hint && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
