import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, GlobalStyles } from '@mui/material';
import { Layout as RaLayout, useGetIdentity } from 'react-admin';
import type { Identity } from '../../providers/authProvider';
import { AppBar } from './AppBar';
import { Footer } from './Footer';
import { LoadingScreen } from './LoadingScreen';
import { HEADER_HEIGHT } from './theme';
import { Menu } from './Menu';
import { NavigationProgress } from './NavigationProgress';
import { SessionWatcher } from './SessionWatcher';
import { StepUpDialog } from '../components/StepUpDialog';
import { DrawerProvider, Sidebar } from './Sidebar';
import { BoardModeContext } from '../contracts/boardMode';
import { loadAllAreaWords } from '../areaWords';

/**
 * Printing shows the page, never the console around it (header, sidebar, breadcrumb, footer) nor what is marked
 * no-print (a page's own buttons).
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.app-chrome, .no-print': { display: 'none !important' },
        body: { backgroundColor: '#FFFFFF !important' },
        '.RaLayout-appFrame': { marginTop: '0 !important' },
        '.RaLayout-content': { padding: '0 !important' },
      },
    }}
  />
);

const EmailNotVerified = lazy(() => import('../pages/EmailNotVerified'));
const TwoFactorSetupRequired = lazy(() => import('../pages/TwoFactorSetupRequired'));

/**
 * The signed-in area: react-admin has already checked the session; here the e-mail must be
 * verified too (spec 3 §2.1), else the user only sees the 'Email Not Verified' screen.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { identity, isPending } = useGetIdentity();
  const [full, setFull] = useState(false);
  const board = useMemo(() => ({ full, setFull }), [full]);
  // Every area's page words (a few kB) once the first page has settled, so a page opened later waits for its code only.
  useEffect(() => {
    const fetchWords = () => void loadAllAreaWords().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(fetchWords, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(fetchWords, 2000);
    return () => clearTimeout(id);
  }, []);
  // Escape leaves full-screen board mode (a dialog open on the board closes first and keeps the mode).
  useEffect(() => {
    if (!full) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('.MuiDialog-root')) setFull(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [full]);
  let content: ReactNode;
  if (isPending) content = <LoadingScreen />;
  else if (identity && (identity as Identity).emailVerified === false) {
    content = (
      <Suspense fallback={<LoadingScreen />}>
        <EmailNotVerified />
      </Suspense>
    );
  } else if (identity && (identity as Identity).twoFactorSetupRequired) {
    // The server lets this session do nothing but set two-factor up: no sidebar or page that would only be refused.
    content = (
      <Suspense fallback={<LoadingScreen />}>
        <TwoFactorSetupRequired />
      </Suspense>
    );
  } else {
    content = (
      <RaLayout
        appBar={AppBar}
        menu={Menu}
        sidebar={Sidebar}
        // The page is as wide as the window, never as wide as its content could be (react-admin's layout is
        // fit-content, and a flex item's minimum is its min-content): forms and tables shrink and wrap instead of
        // pushing the page sideways (the new-app form did by 34 px at 820 px).
        sx={{
          minWidth: 0,
          '& .RaLayout-content': { minWidth: 0 },
          ...(full && {
            '& .app-chrome': { display: 'none' },
            '& .RaLayout-appFrame': { marginTop: 0 },
            '& .RaLayout-content': { minWidth: 0, paddingTop: 1 },
          }),
        }}
        data-board-mode={full ? 'full' : undefined}
      >
        <NavigationProgress top={full ? 0 : HEADER_HEIGHT} />
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>{children}</Box>
        <Footer />
      </RaLayout>
    );
  }
  return (
    <BoardModeContext.Provider value={board}>
      <DrawerProvider>
        <SessionWatcher />
        <StepUpDialog />
        {printStyles}
        {content}
      </DrawerProvider>
    </BoardModeContext.Provider>
  );
}
