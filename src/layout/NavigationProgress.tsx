import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, type createBrowserRouter } from 'react-router-dom';
import { useIsFetching } from '@tanstack/react-query';
import { LinearProgress } from '@mui/material';
import { HEADER_HEIGHT } from './theme';

/**
 * The location the router is going to. The router moves inside a React transition, so while the next page's code or
 * data is awaited the old page stays on screen and useLocation() still names it; the router's own state already names
 * the new one. Where the two differ, a navigation is under way.
 */
let target: string | undefined;
const listeners = new Set<() => void>();

/** Follows `router`'s navigations (called once, where the router is made). */
export function watchNavigation(router: ReturnType<typeof createBrowserRouter>) {
  target = router.state.location.key;
  router.subscribe((state) => {
    target = state.location.key;
    for (const l of listeners) l();
  });
}

/**
 * A thin bar under the header while a page opened from the menu loads its code, or while a query with nothing to show
 * yet is fetched: the old page is never left up for seconds as if nothing happened. A named progressbar.
 */
export function NavigationProgress({ top = HEADER_HEIGHT }: { top?: number }) {
  const translate = useTranslate();
  const shown = useLocation().key;
  // An ordinary (urgent) update, so it renders while the router's transition is still pending.
  const [going, setGoing] = useState(target);
  useEffect(() => {
    const follow = () => setGoing(target);
    listeners.add(follow);
    follow();
    return () => void listeners.delete(follow);
  }, []);
  const firstLoads = useIsFetching({ predicate: (q) => q.state.data === undefined });
  if ((going === undefined || going === shown) && firstLoads === 0) return null;
  return (
    <LinearProgress
      aria-label={translate('ra.page.loading')}
      data-navigation-progress
      sx={{ position: 'fixed', top, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
