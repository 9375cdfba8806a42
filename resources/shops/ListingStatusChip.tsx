import { Box, Chip, CircularProgress, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { Shop } from '../../domain/shop';
import { LISTING_STATUS_LABELS } from './labels';

/**
 * The listing status as spec 1 §4 shows it: Published green, Waiting for review as a processing
 * state, Rejected as an error (with its reason when `showReason`), Unpublished grey.
 */
export function ListingStatusChip({ listing, showReason = false }: { listing: Shop['listing'] | undefined; showReason?: boolean }) {
  const status = listing?.status ?? 'UNPUBLISHED';
  const label = LISTING_STATUS_LABELS[status];
  const chip =
    status === 'PUBLISHED' ? (
      <Chip size="small" color="success" icon={<CheckCircleIcon />} label={label} />
    ) : status === 'WAITING_FOR_REVIEW' ? (
      <Chip
        size="small"
        color="info"
        variant="outlined"
        icon={<CircularProgress size={12} color="inherit" thickness={6} aria-hidden />}
        label={label}
      />
    ) : status === 'REJECTED' ? (
      <Chip size="small" color="error" icon={<ErrorIcon />} label={label} />
    ) : (
      <Chip size="small" icon={<VisibilityOffIcon />} label={label} />
    );
  return (
    <Box
      data-testid="listing-status"
      data-status={status}
      sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}
    >
      {chip}
      {showReason && status === 'REJECTED' && listing?.rejectReason && (
        <Typography variant="caption" color="error" sx={{ maxWidth: 260, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {listing.rejectReason}
        </Typography>
      )}
    </Box>
  );
}
