import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { labels } from './labels';
import { pages } from './section';

export const area = { name: 'account', pages, api, i18n: labels, words: () => import('./i18n').then((m) => m.i18n) } satisfies Area;
