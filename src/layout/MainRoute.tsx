import { useTranslate } from 'react-admin';
import type { MainPage } from '../contracts/shopSection';
import { MainAccessGate } from './AccessGate';
import { useDocumentTitle } from './useDocumentTitle';
import { PlatformBreadcrumb } from './PlatformBreadcrumb';

/** A registered main page: its tab title '<page> · Servery', its minimum role, and on platform pages a breadcrumb. */
export function MainRoute({ page }: { page: MainPage }) {
  const translate = useTranslate();
  useDocumentTitle(translate(page.title));
  return (
    <MainAccessGate min={page.role ?? page.menu?.role ?? 'USER'} title={page.title}>
      {(page.role ?? page.menu?.role) === 'SUPER_ADMIN' && <PlatformBreadcrumb page={page} />}
      {page.element}
    </MainAccessGate>
  );
}
