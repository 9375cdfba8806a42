import { createContext, useContext } from 'react';

interface BoardModeValue {
  /** The page alone on the screen: no app bar, sidebar, breadcrumb or footer. */
  full: boolean;
  setFull: (full: boolean) => void;
}

/** Provided by the signed-in layout; a leaf so a live board turns it on without importing the shell. */
export const BoardModeContext = createContext<BoardModeValue>({ full: false, setFull: () => undefined });

/** Full-screen board mode: `full`, and `setFull` to enter or leave it (Escape leaves it too). */
export const useBoardMode = () => useContext(BoardModeContext);
