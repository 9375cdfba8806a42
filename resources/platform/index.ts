import type { Area } from '../../src/contracts/area';
import { labels } from './labels';
import { api } from './api';
import { pages, sections } from './section';

export const area = {
  name: 'platform',
  sections,
  pages,
  api,
  i18n: labels,
  words: () => import('./i18n').then((m) => m.i18n),
} satisfies Area;
