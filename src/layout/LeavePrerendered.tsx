import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { dropPrerendered, prerenderedPath } from '../components/prerendered';

/** The pre-rendered copy of a public page goes as soon as the console shows another path (a redirect, a link). */
export function LeavePrerendered() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const path = prerenderedPath();
    if (path && path !== pathname) dropPrerendered();
  }, [pathname]);
  return null;
}
