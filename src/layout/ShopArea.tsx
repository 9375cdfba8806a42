import { Link as RouterLink, matchPath, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useIsSuperAdmin } from '../../providers/authProvider';
import { accessOf } from '../contracts/access';
import type { ShopSection } from '../contracts/shopSection';
import { SHOP_HOME_PATH, shopUrl } from '../contracts/urls';
import { useReportedError } from '../components/api';
import { PageSkeleton } from '../components/PageSkeleton';
import { useMessage } from '../components/useMessage';
import NoMatch from '../pages/NoMatch';
import { shopSections } from '../sections';
import { AccessGate } from './AccessGate';
import { PageProblem } from './PageProblem';
import { ShopProvider, useShopQuery } from './ShopContext';
import { useDocumentTitle } from './useDocumentTitle';

/** The section a path is in, if any (the sections' own paths may hold slashes: orders/dashboard). */
const sectionAt = (shopId: string, pathname: string) =>
  shopSections.find((s) => matchPath({ path: `${shopUrl(shopId, s.path)}/*` }, pathname));

function useCurrentSection(shopId: string): ShopSection | undefined {
  return sectionAt(shopId, useLocation().pathname);
}

/** Starts fetching the page code of the section at `pathname` (/shops/:shopId/…), when it names one to fetch. */
export function preloadSection(pathname: string) {
  const shopId = matchPath({ path: '/shops/:shopId/*' }, pathname)?.params.shopId;
  if (shopId) void sectionAt(shopId, pathname)?.preload?.();
}

/**
 * /shops/:shopId/*: loads the shop, checks it is a cafe (spec 3 §2.3), shows the breadcrumb
 * "Shops › <name> › <page>" and mounts every registered section under its path, gated by its minimum role.
 */
export default function ShopArea() {
  const t = useMessage();
  const translate = useTranslate();
  const { shopId = '' } = useParams();
  const { data: shop, error, isPending, refetch } = useShopQuery(shopId);
  const access = accessOf(shop?.role, useIsSuperAdmin());
  const current = useCurrentSection(shopId);
  const status = (error as { status?: number } | null)?.status;
  const notFound = status === 404 || (!isPending && !error && !shop);
  const errorMessage = notFound ? t('cannotFind', { name: 'shop', id: shopId }) : (error as Error | null)?.message;
  const page = current ? translate(current.menu.label) : shop ? t('noMatch') : null;
  const crumb = current && current.path !== SHOP_HOME_PATH ? page : null;
  useDocumentTitle(...(error || notFound ? [t('app.shopNotFound')] : [page, shop?.name]));

  // spec 3 §8: a failure to load the shop is also shown as a toast.
  useReportedError(error);

  if (isPending) return <PageSkeleton />;
  const back = { to: '/shops', label: t('app.backToShops') };
  if (error || !shop) {
    return <PageProblem title={notFound ? t('app.shopNotFound') : t('app.shopUnavailable')} message={errorMessage} back={back} />;
  }
  if (shop.type !== 'CAFE')
    return <PageProblem title={t('app.shopUnavailable')} message={t('unknownShopType', { type: shop.type })} back={back} />;

  return (
    <ShopProvider shop={shop} refetch={() => void refetch()}>
      <Title title={shop.name} />
      <ShopBreadcrumb shopId={shop.id} name={shop.name} page={crumb} />
      <Routes>
        {shopSections.map((s) => (
          <Route
            key={s.path}
            path={`${s.path}/*`}
            element={
              <AccessGate
                access={access}
                min={s.menu.role}
                permission={s.menu.permission}
                permissions={shop.permissions}
                title={translate(s.menu.label)}
              >
                {s.element}
              </AccessGate>
            }
          />
        ))}
        <Route index element={<Navigate to={SHOP_HOME_PATH} replace />} />
        <Route path="*" element={<NoMatch />} />
      </Routes>
    </ShopProvider>
  );
}

/** Shops › <name> › <page>: also the chrome of a shop page's first view (src/prerender), whose script writes the name. */
export function ShopBreadcrumb({ shopId, name, page }: { shopId: string; name: string; page: string | null }) {
  const t = useMessage();
  return (
    <Breadcrumbs
      className="app-chrome"
      separator={<NavigateNextIcon fontSize="small" />}
      aria-label={t('app.breadcrumb')}
      sx={{ mb: 2, mt: 0.5 }}
    >
      <Link component={RouterLink} to="/shops" underline="hover" color="text.secondary">
        {t('app.shops')}
      </Link>
      {page ? (
        <Link component={RouterLink} to={shopUrl(shopId)} underline="hover" color="text.secondary" data-part="shop-name">
          {name}
        </Link>
      ) : null}
      <Typography color="text.primary" sx={{ fontWeight: 600 }} aria-current="page" data-part={page ? undefined : 'shop-name'}>
        {page ?? name}
      </Typography>
    </Breadcrumbs>
  );
}
