import { Suspense, use, type ReactNode } from 'react';
import type { Area } from '../contracts/area';
import { hasAreaWords, loadAreaWords } from '../areaWords';
import { Pending } from './Pending';

function Gate({ area, children }: { area: Area; children: ReactNode }) {
  if (!hasAreaWords(area)) use(loadAreaWords(area));
  return children;
}

/**
 * Renders an area's page or card once its words are in the catalogue (at once when they already are), and waits for
 * its code there too when that is lazy (a mounted card), rather than higher up the page.
 */
export function AreaWords({ area, children }: { area: Area; children: ReactNode }) {
  return (
    <Suspense fallback={<Pending />}>
      <Gate area={area}>{children}</Gate>
    </Suspense>
  );
}
