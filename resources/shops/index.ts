import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { pages, sections } from './section';

export const area = { name: 'shops', sections, pages, api } satisfies Area;
