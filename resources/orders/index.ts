import type { Area } from '../../src/contracts/area';
import { sections } from './section';

export const area: Area = { name: 'orders', sections };
