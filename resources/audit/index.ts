import type { Area } from '../../src/contracts/area';
import { i18n } from './i18n';
import { api } from './api';
import { pages, section } from './section';

export const area = { name: 'audit', sections: [section], pages, api, i18n } satisfies Area;
