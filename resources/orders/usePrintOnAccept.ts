import { useCallback, useState } from 'react';
import { PRINT_ON_ACCEPT_KEY } from './boardData';

/** 'Print on accept' belongs to the device (the tablet beside the printer), not to the person: kept in this browser. */
export function usePrintOnAccept(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(PRINT_ON_ACCEPT_KEY) === 'on');
  const set = useCallback((next: boolean) => {
    localStorage.setItem(PRINT_ON_ACCEPT_KEY, next ? 'on' : 'off');
    setOn(next);
  }, []);
  return [on, set];
}
