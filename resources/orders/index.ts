import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { sections } from './section';

export const area = { name: 'orders', sections, api } satisfies Area;
