import type { Area } from '../../src/contracts/area';
import { payoutsSection, section } from './section';

export const area: Area = { name: 'stripe', sections: [section, payoutsSection] };
