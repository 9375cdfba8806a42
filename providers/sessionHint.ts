/**
 * The server sets the readable cookie `servery_session` beside the httpOnly refresh cookie (and clears both). Without
 * it there is no session to refresh: an anonymous visitor's pages ask nothing, so no 401 is logged in the browser.
 */
const SESSION_HINT = 'servery_session';

export const mayHaveSession = () =>
  typeof document === 'undefined' || document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT}=`));
