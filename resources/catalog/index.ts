import type { Area } from '../../src/contracts/area';
import { i18n } from './i18n';
import { api } from './api';
import { sections } from './sections';
import { SoldOutPanel } from './board/SoldOutPanel';

export const area = { name: 'catalog', sections, mounts: { 'orders.board': [SoldOutPanel] }, api, i18n } satisfies Area;
