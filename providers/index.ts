export { dataProvider } from './dataProvider';
export { authProvider, useIsSuperAdmin, reloadUser, type Identity, type Permissions } from './authProvider';
export { i18nProvider } from './i18nProvider';
export { httpClient, type HttpClientOptions } from './httpClient';
export { getAccessToken, onTokenChange, onSessionExpired, clearSession } from './session';
export { NO_RESPONSE_STATUS, SETUP_FAILED_STATUS, type ApiErrorBody } from './request';
