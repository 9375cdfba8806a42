import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { DownloadStats } from '../../domain/apps';
import { showCount } from '../../src/components/words';

const TILES = ['totalDownloads', 'iosDownloads', 'androidDownloads'] as const;

/** Total, iOS and Android installs (spec 2 §2). */
export function DownloadTiles({ stats }: { stats: DownloadStats }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
      {TILES.map((k) => (
        <Card key={k} variant="outlined" data-testid={`tile-${k}`}>
          <CardContent>
            <Typography color="text.secondary" component="h2" variant="subtitle2">
              {translate(`resources.downloads.fields.${k}`)}
            </Typography>
            <Typography variant="h4" component="p">
              {showCount(stats[k])}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
