import { useCallback, useState } from 'react';

const KEY = 'servery.orders.printOnAccept';

/** 'Print on accept' belongs to the device (the tablet beside the printer), not to the person: kept in this browser. */
export function usePrintOnAccept(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(KEY) === 'on');
  const set = useCallback((next: boolean) => {
    localStorage.setItem(KEY, next ? 'on' : 'off');
    setOn(next);
  }, []);
  return [on, set];
}
