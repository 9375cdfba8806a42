import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import type { MainPage } from '../contracts/shopSection';
import { mainPages } from '../sections';
import { useMessage } from '../components/useMessage';

/** The sidebar page a platform page belongs to: 'whitelabel/apps/create' and '…/:bundleId/edit' belong to 'whitelabel/apps/list'. */
function parentOf(page: MainPage): MainPage | undefined {
  // A page of the sidebar is a top of its own.
  if (page.menu) return undefined;
  return mainPages.find((p) => {
    if (p === page || !p.menu || p.path.includes(':')) return false;
    const folder = p.path.includes('/') ? p.path.slice(0, p.path.lastIndexOf('/')) : p.path;
    return page.path !== p.path && page.path.startsWith(`${folder}/`);
  });
}

/**
 * Where a platform (Super Admin) page sits, as the shop pages say it: 'Super Admin › Apps › New App'. The group is
 * the sidebar's, the middle link is the list the page was reached from.
 */
export function PlatformBreadcrumb({ page }: { page: MainPage }) {
  const translate = useTranslate();
  const t = useMessage();
  const parent = parentOf(page);
  return (
    <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} aria-label={t('app.breadcrumb')} sx={{ mb: 2, mt: 0.5 }}>
      <Typography color="text.secondary">{t('app.superAdmin')}</Typography>
      {parent && (
        <Link component={RouterLink} to={`/${parent.path}`} underline="hover" color="text.secondary">
          {translate(parent.title)}
        </Link>
      )}
      <Typography color="text.primary" sx={{ fontWeight: 600 }} aria-current="page">
        {translate(page.title)}
      </Typography>
    </Breadcrumbs>
  );
}
