import { useEffect, useRef } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useParams } from 'react-router-dom';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Alert, Avatar, Box, Breadcrumbs, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { shopMenu, shopRoutes } from '../registry';
import { useMessage } from '../i18n/useMessage';
import NoMatch from '../pages/NoMatch';
import { ShopProvider, useShopQuery } from './ShopContext';

/**
 * /shops/:shopId/*: loads the shop, checks it is a cafe (spec 3 §2.3), shows the breadcrumb
 * "Shops › <name>" and renders the shop pages the areas registered.
 */
export default function ShopArea() {
  const t = useMessage();
  const notify = useNotify();
  const { shopId = '' } = useParams();
  const { data: shop, error, isPending, refetch } = useShopQuery(shopId);
  const status = (error as { status?: number } | null)?.status;
  const errorMessage = status === 404 ? t('cannotFind', { name: 'shop', id: shopId }) : (error as Error | null)?.message;
  const notified = useRef<unknown>(null);

  useEffect(() => {
    // spec 3 §8: a failure to load the shop is also shown as a toast.
    if (error && notified.current !== error && status !== 401) {
      notified.current = error;
      notify(errorMessage ?? '', { type: 'error' });
    }
  }, [error, errorMessage, notify, status]);

  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress size={32} />
      </Box>
    );
  }
  if (error || !shop) return <ShopProblem message={errorMessage ?? t('cannotFind', { name: 'shop', id: shopId })} />;
  if (shop.type !== 'CAFE') return <ShopProblem message={t('unknownShopType', { type: shop.type })} />;

  const first = [...shopMenu].sort((a, b) => a.order - b.order).find((e) => e.to.replace(/^\//, '') !== '');
  const hasHome = shopRoutes.some((r) => r.path.replace(/^\//, '') === '');
  // An area may register the shop's own page at '' (the shop overview); it is the index route.
  const home = shopRoutes.find((r) => r.path.replace(/^\//, '') === '');
  return (
    <ShopProvider shop={shop} refetch={() => void refetch()}>
      <Title title={shop.name} />
      <ShopBreadcrumb name={shop.name} />
      <Routes>
        {shopRoutes
          .filter((r) => r !== home)
          .map((r) => (
            <Route key={r.path} path={r.path.replace(/^\//, '')} element={r.element} />
          ))}
        <Route index element={home ? home.element : first ? <Navigate to={first.to} replace /> : <ShopOverview />} />
        <Route path="*" element={<NoMatch />} />
      </Routes>
    </ShopProvider>
  );
}

function ShopBreadcrumb({ name }: { name: string }) {
  const t = useMessage();
  return (
    <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} aria-label="breadcrumb" sx={{ mb: 2, mt: 0.5 }}>
      <Link component={RouterLink} to="/shops" underline="hover" color="text.secondary">
        {t('app.shops')}
      </Link>
      <Typography color="text.primary" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
    </Breadcrumbs>
  );
}

function ShopProblem({ message }: { message: string }) {
  const t = useMessage();
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 6 }}>
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to="/shops" color="inherit" size="small">
            {t('app.shops')}
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}

/** Shown at /shops/:shopId until an area registers shop pages. */
function ShopOverview() {
  const { shopId = '' } = useParams();
  const { data: shop } = useShopQuery(shopId);
  if (!shop) return null;
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Avatar variant="rounded" sx={{ width: 64, height: 64, bgcolor: 'secondary.main' }}>
          <StorefrontIcon />
        </Avatar>
        <Box>
          <Typography variant="h6">{shop.name}</Typography>
          <Typography color="text.secondary">{shop.description}</Typography>
          <Typography variant="body2" color="text.secondary">
            {shop.locality}, {shop.country}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
