import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { AdminContext, CustomRoutes, type LayoutProps } from 'react-admin';
import { authProvider } from '../providers/authProvider';
import { dataProvider, i18nProvider } from './providers';
import { en } from './i18n/en';
import { mainPages } from './sections';
import { MainRoute } from './layout/MainRoute';
import { LoadingScreen } from './layout/LoadingScreen';
import { ConsoleUI } from './layout/ConsoleUI';
import { DeferredNotification } from './layout/DeferredNotification';
import { theme } from './layout/theme';
import { LeavePrerendered } from './layout/LeavePrerendered';
import { watchNavigation } from './layout/NavigationProgress';

const Login = lazy(() => import('./pages/account/Login'));
const Register = lazy(() => import('./pages/account/Register'));
const Reset = lazy(() => import('./pages/account/Reset'));
const AuthManage = lazy(() => import('./pages/account/AuthManage'));
const NoMatch = lazy(() => import('./pages/NoMatch'));
const loadShopArea = () => import('./layout/ShopArea');
const loadLayout = () => import('./layout/Layout');
const ShopArea = lazy(loadShopArea);
// The signed-in frame (header, sidebar, menus) is not needed to show the sign-in page, so it loads after it.
const SignedInLayout = lazy(() => loadLayout().then((m) => ({ default: m.Layout })));
// A shop page opened straight from the address bar (a bookmark, a reload, a mailed link) needs the signed-in frame and
// the shop shell: their code loads while the session is checked instead of after it (one round trip less).
if (/^\/shops\/[^/]+\//.test(window.location.pathname)) {
  void loadLayout();
  // The shop shell names the page's own code (New Orders, for a counter tablet), fetched as soon as the shell is.
  void loadShopArea().then((m) => m.preloadSection(window.location.pathname));
}
const Layout = (props: LayoutProps) => (
  <Suspense fallback={<LoadingScreen />}>
    <SignedInLayout {...props} />
  </Suspense>
);

const page = (Page: ComponentType) => (
  <Suspense fallback={<LoadingScreen />}>
    <Page />
  </Suspense>
);

/** Rendered by react-admin outside its authenticated routes, so signing in re-checks the session. */
const LoginPage = () => page(Login);

/** "/" shows the seller's shop list (spec 3 §2.2). */
const home = mainPages.find((p) => p.path === 'shops');
const Dashboard = home ? () => <MainRoute page={home} /> : undefined;

/**
 * Account screens and public main pages (the invitation screen) are open to anyone; every other route
 * needs a session (requireAuth) and then a verified e-mail (Layout). The pages and shop sections come
 * from the areas (src/areas.ts). "/shops/:shopId/*" is the shop shell; the static paths under /shops win over it.
 */
function Console() {
  return (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={theme}>
      <LeavePrerendered />
      <ConsoleUI
        title={en.servery.app.name}
        layout={Layout}
        dashboard={Dashboard}
        catchAll={NoMatch}
        loginPage={LoginPage}
        loading={LoadingScreen}
        notification={DeferredNotification}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/register" element={page(Register)} />
          <Route path="/reset" element={page(Reset)} />
          <Route path="/auth/manage" element={page(AuthManage)} />
          {mainPages
            .filter((p) => p.public)
            .map((p) => (
              <Route key={p.path} path={`/${p.path}`} element={<MainRoute page={p} />} />
            ))}
        </CustomRoutes>
        <CustomRoutes>
          {mainPages
            .filter((p) => !p.public)
            .map((p) => (
              <Route key={p.path} path={`/${p.path}`} element={<MainRoute page={p} />} />
            ))}
          <Route path="/shops/:shopId/*" element={<ShopArea />} />
        </CustomRoutes>
      </ConsoleUI>
    </AdminContext>
  );
}

/**
 * A data router (react-admin inside one catch-all route, browser URLs as before): only a data router can
 * block a navigation, which forms need to ask before unsaved changes are left behind (warnWhenUnsavedChanges).
 */
const router = createBrowserRouter([{ path: '*', element: <Console /> }]);
watchNavigation(router);

export function App() {
  return <RouterProvider router={router} />;
}
