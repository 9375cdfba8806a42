import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { payoutsSection, section } from './section';

export const area = { name: 'stripe', sections: [section, payoutsSection], api } satisfies Area;
