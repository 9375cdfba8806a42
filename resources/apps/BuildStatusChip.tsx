import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BuildStatus, DeploymentStatus } from '../../domain/apps';
import { showDateTime } from '../../src/components/dates';
import { codeInWords } from '../../src/components/words';

/** Spec 1 §4: QUEUED orange, RUNNING purple, SUCCESS green, FAILURE red; shades dark enough for white text (WCAG AA). */
const COLOURS: Record<BuildStatus, string | undefined> = {
  REQUESTED: undefined,
  QUEUED: '#b45309',
  RUNNING: '#6b21a8',
  SUCCESS: '#15803d',
  FAILURE: '#b91c1c',
};

export function BuildStatusChip({ status }: { status: BuildStatus }) {
  const colour = COLOURS[status];
  return (
    <Chip
      size="small"
      label={codeInWords(status)}
      data-status={status}
      variant={colour ? 'filled' : 'outlined'}
      sx={colour ? { bgcolor: colour, color: '#fff', fontWeight: 600 } : { fontWeight: 600 }}
    />
  );
}

/** A store's latest build as the list shows it: the status, when it last moved, and the build id. */
export function DeploymentCell({ deployment }: { deployment: DeploymentStatus }) {
  const translate = useTranslate();
  if (!deployment)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.apps.builds.never')}
      </Typography>
    );
  return (
    <Stack sx={{ gap: 0.25, alignItems: 'flex-start', minWidth: 0 }}>
      <BuildStatusChip status={deployment.status} />
      <Typography variant="caption" color="text.secondary">
        {showDateTime(deployment.updatedTime)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }} title={deployment.buildId}>
        {deployment.buildId.slice(0, 8)}
      </Typography>
    </Stack>
  );
}
