import type { Area } from '../../src/contracts/area';
import { labels } from './labels';
import { api } from './api';
import { section } from './section';

export const area = {
  name: 'webhooks',
  sections: [section],
  api,
  i18n: labels,
  words: () => import('./i18n').then((m) => m.i18n),
} satisfies Area;
