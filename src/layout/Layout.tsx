import { lazy, Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Layout as RaLayout, useGetIdentity } from 'react-admin';
import type { Identity } from '../../providers/authProvider';
import { AppBar } from './AppBar';
import { Footer } from './Footer';
import { LoadingScreen } from './LoadingScreen';
import { Menu } from './Menu';
import { SessionWatcher } from './SessionWatcher';

const EmailNotVerified = lazy(() => import('../pages/EmailNotVerified'));

/**
 * The signed-in area: react-admin has already checked the session; here the e-mail must be
 * verified too (spec 3 §2.1), else the user only sees the 'Email Not Verified' screen.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { identity, isPending } = useGetIdentity();
  let content: ReactNode;
  if (isPending) content = <LoadingScreen />;
  else if (identity && (identity as Identity).emailVerified === false) {
    content = (
      <Suspense fallback={<LoadingScreen />}>
        <EmailNotVerified />
      </Suspense>
    );
  } else {
    content = (
      <RaLayout appBar={AppBar} menu={Menu}>
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>{children}</Box>
        <Footer />
      </RaLayout>
    );
  }
  return (
    <>
      <SessionWatcher />
      {content}
    </>
  );
}
