export { dataProvider, type ServeryDataProvider } from './dataProvider';
export { authProvider } from './authProvider';
export { i18nProvider } from './i18nProvider';
