import { useTranslate } from 'react-admin';
import type { MainPage } from '../contracts/shopSection';
import { MainAccessGate } from './AccessGate';
import { useDocumentTitle } from './useDocumentTitle';

/** A registered main page: its tab title '<page> · Servery' and its minimum role. */
export function MainRoute({ page }: { page: MainPage }) {
  const translate = useTranslate();
  useDocumentTitle(translate(page.title));
  return (
    <MainAccessGate min={page.role ?? page.menu?.role ?? 'USER'} title={page.title}>
      {page.element}
    </MainAccessGate>
  );
}
