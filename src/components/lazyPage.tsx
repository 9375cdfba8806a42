import { lazy, Suspense, type ComponentType } from 'react';
import { PageSkeleton } from './PageSkeleton';

/** A route element whose code loads on first visit (keeps the first load small); meanwhile its frame and a skeleton. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Page = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}
