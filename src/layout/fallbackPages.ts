import { AccessDenied, AuthCallback, AuthenticationError, Error } from 'react-admin';

/** react-admin's own pages for the rare cases the console does not replace (see ConsoleUI). */
export const fallbackPages = { AccessDenied, AuthCallback, AuthenticationError, Error };
