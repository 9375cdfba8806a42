import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Chip } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import type { useAlarm } from './useAlarm';

// What the live boards (New Orders, New Bookings) share around their cards: the alarm's buttons and notices, the
// sidebar's count and the count read out to screen readers. `noun` is what the board takes ('orders'), translated.

type Alarm = ReturnType<typeof useAlarm>;

/**
 * Start taking (the press that lets the browser play sound), then Test sound; and Acknowledge all, whose place is kept
 * (hidden, so neither seen, focused nor announced) while there is nothing to acknowledge: the board does not jump when
 * the first one arrives.
 */
export function AlarmActions({
  alarm,
  soundOn,
  noun,
  unacknowledged,
  onAcknowledgeAll,
  children,
}: {
  alarm: Alarm;
  soundOn: boolean;
  noun: string;
  unacknowledged: number;
  onAcknowledgeAll: () => void;
  /** The board's own buttons, after these. */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      {!alarm.started ? (
        <Button variant="contained" size="large" startIcon={<NotificationsActiveIcon />} onClick={() => void alarm.start()}>
          {translate('servery.board.start', { noun })}
        </Button>
      ) : (
        <Button variant="outlined" startIcon={<VolumeUpIcon />} onClick={() => alarm.test()} disabled={!soundOn}>
          {translate('servery.board.testSound')}
        </Button>
      )}
      <Button variant="outlined" color="error" onClick={onAcknowledgeAll} sx={{ visibility: unacknowledged > 0 ? 'visible' : 'hidden' }}>
        {translate('servery.board.acknowledgeAll')}
      </Button>
      {children}
    </>
  );
}

/** Why the board may not ring or update: offline, sound not started or blocked or off, a screen that may sleep. */
export function AlarmNotices({ online, alarm, soundOn, noun }: { online: boolean; alarm: Alarm; soundOn: boolean; noun: string }) {
  const translate = useTranslate();
  return (
    <>
      {!online && (
        <Alert severity="error" role="alert" data-testid="offline-banner">
          {translate('servery.board.offline')}
        </Alert>
      )}
      {!alarm.started && <Alert severity="warning">{translate('servery.board.blockedUntilStart', { noun })}</Alert>}
      {alarm.blocked && <Alert severity="warning">{translate('servery.board.browserBlocks', { noun })}</Alert>}
      {alarm.started && !soundOn && <Alert severity="warning">{translate('servery.board.soundOff', { noun })}</Alert>}
      {alarm.started && !alarm.awake && <Alert severity="info">{translate('servery.board.cannotStayAwake', { noun })}</Alert>}
    </>
  );
}

/** The sidebar's count of what waits on a board (nothing when nothing does). */
export function WaitingCount({ total, label, testId }: { total: number | undefined; label: string; testId: string }) {
  if (!total) return null;
  return (
    <Chip size="small" color="error" label={total} aria-label={label} data-testid={testId} sx={{ height: 20, fontWeight: 700, ml: 1 }} />
  );
}

/** Read out by screen readers as the count changes; not seen. */
export function LiveCount({ text }: { text: string }) {
  return (
    <Box aria-live="polite" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
      {text}
    </Box>
  );
}
