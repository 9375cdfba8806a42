import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';

export interface TileData {
  key: string;
  label: string;
  value: ReactNode;
  note?: ReactNode;
}

/** Figures as tiles: two across on a phone, up to five on a wide screen. */
export function Tiles({ tiles, label }: { tiles: TileData[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        display: 'grid',
        gap: { xs: 1, sm: 1.5 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {tiles.map((t) => (
        <Card key={t.key} component="li" variant="outlined" data-testid={`tile-${t.key}`}>
          <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
            <Typography variant="body2" color="text.secondary" component="p">
              {t.label}
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={`tile-${t.key}-value`}>
              {t.value}
            </Typography>
            {t.note && (
              <Typography variant="caption" color="text.secondary" component="p">
                {t.note}
              </Typography>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
