import type { Area } from '../../src/contracts/area';
import { section } from './section';

export const area = { name: 'contact', sections: [section] } satisfies Area;
