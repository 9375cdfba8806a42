import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Alert, Box, Button, FormControlLabel, FormHelperText, Stack, Switch, Typography, type SxProps, type Theme } from '@mui/material';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { timesIn } from '../../../domain/dates';
import { useShop } from '../../contracts/shopContext';
import { useBoardMode } from '../../contracts/boardMode';
import { PageHeader } from '../PageHeader';
import { Pending } from '../Pending';
import { touchTargets } from '../touch';
import { useAlarm } from './useAlarm';
import { useSoundSetting } from './useSoundSetting';
import { useCountInTitle } from './useCountInTitle';
import { AlarmActions, AlarmNotices, LiveCount } from './BoardControls';
import type { LiveRecord } from './useLiveBoard';

/** A record a board rings for until someone, on any device, acknowledges it. */
export type RingingRecord = LiveRecord & { acknowledgedAt?: string | null };

/** What a card is told by the board: whether it rings, and how to stop it. */
export interface CardRing {
  ringing: boolean;
  acknowledge: () => void;
}

/** One column of a board: its list (useLiveList's answer), its heading and how it shows its records. */
export interface BoardColumn<R extends RingingRecord> {
  /** Names the column's heading element (`${id}-title`). */
  id: string;
  testId?: string;
  /** The heading, followed by the count; none for a board of one column under the page's own title. */
  title?: string;
  list: { data?: R[]; isPending: boolean; error?: Error | null };
  card: (record: R, ring: CardRing) => ReactNode;
  /** Cards before the list's own (records that have left it but still say why). */
  extra?: ReactNode[];
  empty: ReactNode;
  cardsSx: SxProps<Theme>;
}

/**
 * The frame of a live board (New Orders, New Bookings): the header with the alarm's buttons (and full screen where
 * asked), the notices of what keeps it from ringing or updating, the sound switch and the area's own controls, and
 * its columns of cards. The first column rings while any of its records is unacknowledged (acknowledgedAt unset);
 * its count goes into the tab title and is read out to screen readers. `online` is the stream's state
 * (useLiveBoard); `acknowledge` is the server's call, whose answer `place` puts on the board.
 */
export function LiveBoard<R extends RingingRecord>({
  testId,
  title,
  noun,
  online,
  place,
  acknowledge,
  columns,
  columnsSx,
  ringLabel,
  ringHelp,
  controls,
  above,
  after,
  fullScreen = false,
  countText,
  chimes = 0,
}: {
  testId: string;
  title: string;
  noun: string;
  online: boolean;
  place: (record: R) => void;
  acknowledge: (id: string) => Promise<R>;
  columns: BoardColumn<R>[];
  columnsSx?: SxProps<Theme>;
  ringLabel: string;
  ringHelp?: string;
  controls?: ReactNode;
  above?: ReactNode;
  after?: ReactNode;
  fullScreen?: boolean;
  countText: (total: number) => string;
  /**
   * How many records have arrived needing nobody (an order accepted as it was placed): each new one plays one short
   * chime, with no ringing after it.
   */
  chimes?: number;
}) {
  const { shop } = useShop();
  const { data: identity } = useGetIdentity();
  const [soundOn, setSoundOn, sound] = useSoundSetting(identity?.id ? String(identity.id) : undefined);
  const waiting = columns[0]?.list.data;
  const count = waiting?.length ?? 0;

  // Ringing until someone, on any device, acknowledges the record (acknowledgedAt, shared over the stream).
  const unacknowledged = useMemo(() => (waiting ?? []).filter((r) => r.acknowledgedAt == null).map((r) => r.id), [waiting]);
  const acknowledgeAll = useCallback(
    (ids: string[]) => ids.forEach((id) => void acknowledge(id).then(place, () => undefined)),
    [acknowledge, place],
  );
  const alarm = useAlarm(unacknowledged.length > 0, soundOn, sound);
  useCountInTitle(count, `${title} · ${shop.name} · Servery`);
  const chimed = useRef(chimes);
  const { once } = alarm;
  useEffect(() => {
    if (chimes === chimed.current) return;
    chimed.current = chimes;
    if (soundOn) once('chime');
  }, [chimes, soundOn, once]);

  const ring = (r: R): CardRing => ({ ringing: unacknowledged.includes(r.id), acknowledge: () => acknowledgeAll([r.id]) });

  return (
    <Box
      data-testid={testId}
      sx={touchTargets}
      data-audio-state={alarm.audioState}
      data-rings={alarm.rings}
      data-chimes={chimes}
      data-ringing={unacknowledged.length > 0 && soundOn ? 'true' : 'false'}
    >
      <PageHeader
        inShop
        title={title}
        subtitle={timesIn(shop.timezone)}
        actions={
          <AlarmActions
            alarm={alarm}
            soundOn={soundOn}
            noun={noun}
            unacknowledged={unacknowledged.length}
            onAcknowledgeAll={() => acknowledgeAll(unacknowledged)}
          >
            {fullScreen && <FullScreenButton />}
          </AlarmActions>
        }
      />
      <Stack sx={{ gap: 1, mb: 2 }} data-part="board-controls">
        <AlarmNotices online={online} alarm={alarm} soundOn={soundOn} noun={noun} />
        <Stack direction="row" sx={{ columnGap: 3, flexWrap: 'wrap' }}>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={soundOn}
                  onChange={(e) => setSoundOn(e.target.checked)}
                  slotProps={ringHelp ? { input: { 'aria-describedby': `${testId}-ring-help` } } : undefined}
                />
              }
              label={ringLabel}
              sx={{ minHeight: 44 }}
            />
            {ringHelp && (
              <FormHelperText id={`${testId}-ring-help`} sx={{ mt: 0 }}>
                {ringHelp}
              </FormHelperText>
            )}
          </Box>
          {controls}
        </Stack>
      </Stack>
      {above}
      <Box sx={columnsSx}>
        {columns.map((c) => (
          <Box
            key={c.id}
            component="section"
            aria-labelledby={c.title ? `${c.id}-title` : undefined}
            data-testid={c.testId}
            sx={{ minWidth: 0 }}
          >
            {c.title && (
              <Typography id={`${c.id}-title`} variant="h6" component="h2" sx={{ mb: 1 }}>
                {c.title} {c.list.data?.length ? `(${c.list.data.length})` : ''}
              </Typography>
            )}
            {c.list.error ? (
              <Alert severity="error">{c.list.error.message}</Alert>
            ) : c.list.isPending ? (
              <Pending />
            ) : !c.list.data?.length && !c.extra?.length ? (
              c.empty
            ) : (
              <Box sx={c.cardsSx}>
                {c.extra}
                {c.list.data?.map((r) => c.card(r, ring(r)))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
      {after}
      <LiveCount text={count ? countText(count) : ''} />
    </Box>
  );
}

/** Full-screen board mode, on and off; leaving the board leaves it, since no other page has a way out of it. */
function FullScreenButton() {
  const translate = useTranslate();
  const { full, setFull } = useBoardMode();
  useEffect(() => () => setFull(false), [setFull]);
  return (
    <Button
      variant="outlined"
      startIcon={full ? <FullscreenExitIcon /> : <FullscreenIcon />}
      onClick={() => setFull(!full)}
      aria-pressed={full}
      title={full ? translate('servery.board.escapeLeaves') : undefined}
    >
      {translate(full ? 'servery.board.leaveFullScreen' : 'servery.board.fullScreen')}
    </Button>
  );
}
