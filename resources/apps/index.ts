import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { pages } from './section';

export const area = { name: 'apps', pages, api } satisfies Area;
