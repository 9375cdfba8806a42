import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`: what 'came in 5 minutes ago' and 'no-show after its time' read. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
