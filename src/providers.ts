import { createDataProvider } from '../providers/dataProvider';
import { areas } from './areas';

/** The console's dataProvider: the shared calls and every area's methods (src/areas.ts). */
export const dataProvider = createDataProvider(...areas.flatMap((a) => ('api' in a ? [a.api] : [])));
