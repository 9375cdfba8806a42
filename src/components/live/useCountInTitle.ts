import { useEffect } from 'react';

/** Puts a live board's count in front of the tab title the shop shell sets: '(2) New Orders · …'. */
export function useCountInTitle(count: number, base: string) {
  useEffect(() => {
    // The shell's own title effect runs after this page's; set ours once the whole commit is done.
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = count > 0 ? `(${count}) ${base}` : base;
    });
    return () => {
      live = false;
      document.title = base;
    };
  }, [count, base]);
}
