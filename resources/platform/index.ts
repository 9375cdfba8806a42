import type { Area } from '../../src/contracts/area';
import { i18n } from './i18n';
import { api } from './api';
import { pages, sections } from './section';

export const area = { name: 'platform', sections, pages, api, i18n } satisfies Area;
