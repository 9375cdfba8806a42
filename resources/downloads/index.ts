import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { section } from './section';

export const area = { name: 'downloads', sections: [section], api } satisfies Area;
