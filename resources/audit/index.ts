import type { Area } from '../../src/contracts/area';
import { labels } from './labels';
import { api } from './api';
import { pages, section } from './section';

export const area = {
  name: 'audit',
  sections: [section],
  pages,
  api,
  i18n: labels,
  words: () => import('./i18n').then((m) => m.i18n),
} satisfies Area;
