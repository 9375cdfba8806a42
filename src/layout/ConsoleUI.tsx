import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { CssBaseline } from '@mui/material';
import { CoreAdminUI, type CoreAdminUIProps } from 'react-admin';

// react-admin's AdminUI imports its default layout, login, error and callback pages even when every one of
// them is replaced, which put the signed-in frame (app bar, drawer, menus, preferences inspector) into the code
// the sign-in page waits for. The pages we do not replace are only needed after something went wrong, so they
// load then.
const fallbackPage = <K extends 'Error' | 'AccessDenied' | 'AuthenticationError' | 'AuthCallback'>(name: K) => {
  const Page = lazy(() => import('./fallbackPages').then((m) => ({ default: m.fallbackPages[name] as ComponentType<object> })));
  return function FallbackPage(props: object) {
    return (
      <Suspense fallback={null}>
        <Page {...props} />
      </Suspense>
    );
  };
};

const ErrorPage = fallbackPage('Error');
const AccessDeniedPage = fallbackPage('AccessDenied');
const AuthenticationErrorPage = fallbackPage('AuthenticationError');
const AuthCallbackPage = fallbackPage('AuthCallback');

interface ConsoleUIProps extends CoreAdminUIProps {
  notification: ComponentType;
}

/** AdminUI's frame (CssBaseline, the routes, the toast area) with the fallback pages loaded on demand. */
export function ConsoleUI({ notification, ...props }: ConsoleUIProps) {
  return (
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        error={ErrorPage}
        accessDenied={AccessDeniedPage}
        authenticationError={AuthenticationErrorPage}
        authCallbackPage={AuthCallbackPage}
        {...props}
      />
      {createElement(notification)}
    </CssBaseline>
  );
}
