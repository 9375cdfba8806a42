import type { Area } from '../../src/contracts/area';
import { section } from './section';

export const area = { name: 'settings', sections: [section] } satisfies Area;
