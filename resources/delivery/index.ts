import type { Area } from '../../src/contracts/area';
import { section } from './section';

export const area = { name: 'delivery', sections: [section] } satisfies Area;
