import { useEffect } from 'react';

const APP_NAME = 'Servery';

/** The tab title: '<page> · <shop> · Servery' in a shop, '<page> · Servery' elsewhere; empty parts are left out. */
export function useDocumentTitle(...parts: (string | null | undefined)[]) {
  const title = [...parts.filter((p): p is string => Boolean(p)), APP_NAME].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
