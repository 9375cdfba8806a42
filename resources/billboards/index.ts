import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { section } from './section';

export const area = { name: 'billboards', sections: [section], api } satisfies Area;
