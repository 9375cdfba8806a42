import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { i18n } from './i18n';
import { pages } from './section';

export const area = { name: 'account', pages, api, i18n } satisfies Area;
