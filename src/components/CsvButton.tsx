import { useEffect, useRef, useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useApiError } from './api';

/** How long the in-progress label stays after the file has come: a click that seems to do nothing gets clicked again. */
export const CSV_FLAG_RESET_MS = 2000;
export const CSV_IN_PROGRESS = 'CSV download in progress';

/**
 * A CSV download: says 'CSV download in progress' and takes no second click while the file comes, and for 2 s after;
 * a failure is the usual toast.
 */
export function CsvButton({
  download,
  label = 'Download CSV',
  disabled,
}: {
  download: () => Promise<unknown>;
  label?: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const report = useApiError();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = () => {
    setBusy(true);
    download()
      .catch((error: unknown) => void report(error))
      .finally(() => {
        timer.current = setTimeout(() => setBusy(false), CSV_FLAG_RESET_MS);
      });
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={start}
      disabled={disabled || busy}
      aria-live="polite"
      sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
    >
      {busy ? CSV_IN_PROGRESS : label}
    </Button>
  );
}
