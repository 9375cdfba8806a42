import type { Area } from '../../src/contracts/area';
import { section } from './section';

export const area: Area = { name: 'downloads', sections: [section] };
