import type { Area } from '../../src/contracts/area';
import { labels } from './labels';
import { section } from './section';

export const area = { name: 'posts', sections: [section], i18n: labels, words: () => import('./i18n').then((m) => m.i18n) } satisfies Area;
