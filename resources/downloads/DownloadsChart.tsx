import { BarChart } from '@mui/x-charts/BarChart';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DailyDownloads } from '../../domain/apps';
import { showDay, showShortDay } from '../../src/components/dates';
import { showCount } from '../../src/components/words';

/** New devices per day for the last 90 days, iOS and Android stacked. */
export function DownloadsChart({ daily }: { daily: DailyDownloads }) {
  const translate = useTranslate();
  const days = daily.days;
  const total = days.reduce((s, d) => s + d.ios + d.android, 0);
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Typography component="h2" variant="subtitle1" id="downloads-chart-title">
        {translate('resources.downloads.chart.title')}
      </Typography>
      <Box
        role="img"
        aria-labelledby="downloads-chart-title"
        aria-describedby="downloads-chart-summary"
        sx={{ width: '100%', height: 280 }}
      >
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: days.map((d) => showShortDay(d.date)), tickLabelInterval: (_v, i) => i % 15 === 0 }]}
          series={[
            { data: days.map((d) => d.ios), label: translate('resources.downloads.chart.ios'), stack: 'devices', color: '#1d4ed8' },
            { data: days.map((d) => d.android), label: translate('resources.downloads.chart.android'), stack: 'devices', color: '#15803d' },
          ]}
        />
      </Box>
      <Typography id="downloads-chart-summary" variant="caption" color="text.secondary">
        {translate('resources.downloads.chart.summary', {
          count: showCount(total),
          from: showDay(days[0]?.date),
          to: showDay(days[days.length - 1]?.date),
        })}
      </Typography>
    </Box>
  );
}
