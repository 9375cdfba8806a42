import type { Area } from '../../src/contracts/area';
import { labels } from './labels';
import { api } from './api';
import { sections } from './sections';

export const area = { name: 'catalog', sections, api, i18n: labels, words: () => import('./i18n').then((m) => m.i18n) } satisfies Area;
