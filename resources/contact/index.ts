import type { Area } from '../../src/contracts/area';
import { section } from './section';

export const area: Area = { name: 'contact', sections: [section] };
