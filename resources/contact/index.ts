import type { Area } from '../../src/contracts/area';
import { i18n } from './i18n';
import { section } from './section';

export const area = { name: 'contact', sections: [section], i18n } satisfies Area;
