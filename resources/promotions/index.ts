import type { Area } from '../../src/contracts/area';
import { section } from './section';

export const area = { name: 'promotions', sections: [section] } satisfies Area;
