import { Suspense, use, type ReactNode } from 'react';
import type { Area } from '../contracts/area';
import { hasAreaWords, loadAreaWords } from '../areaWords';
import { Pending } from './Pending';

function Gate({ area, children }: { area: Area; children: ReactNode }) {
  if (!hasAreaWords(area)) use(loadAreaWords(area));
  return children;
}

/** Renders an area's page or card once its words are in the catalogue (at once when they already are). */
export function AreaWords({ area, children }: { area: Area; children: ReactNode }) {
  if (hasAreaWords(area)) return children;
  return (
    <Suspense fallback={<Pending />}>
      <Gate area={area}>{children}</Gate>
    </Suspense>
  );
}
