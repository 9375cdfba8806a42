import type { Area } from '../../src/contracts/area';
import { i18n } from './i18n';
import { api } from './api';
import { sections } from './sections';

export const area = { name: 'catalog', sections, api, i18n } satisfies Area;
