import type { Area } from '../../src/contracts/area';
import { section } from './section';

export const area = { name: 'posts', sections: [section] } satisfies Area;
