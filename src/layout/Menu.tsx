import { createElement } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Box, Divider, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Menu as RaMenu, useSidebarState } from 'react-admin';
import { mainMenu, shopMenu, superAdminMenu, type MenuEntry } from '../registry';
import { useIsSuperAdmin } from '../../providers/authProvider';
import { useMessage } from '../i18n/useMessage';
import { useShopQuery } from './ShopContext';
import { Brand } from './Brand';
import { NavItem } from './NavItem';
import { SubMenu } from './SubMenu';
import { useShopPath } from './useShopPath';

const byOrder = (a: MenuEntry, b: MenuEntry) => a.order - b.order;

/**
 * The sidebar. Main area: the registered main entries and, for super admins only, the
 * 'Super Admin' group. Inside a shop: a way back to all shops and the shop's own pages in the
 * order of spec 3 §2.3. Only registered (existing) pages are listed.
 */
export function Menu() {
  const shopId = useShopPath();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <RaMenu sx={{ pt: 1.5, pb: 2 }}>
      {/* On phones the drawer covers the header, so it carries the brand itself. */}
      {phone ? (
        <Box sx={{ px: 2.5, pt: 0.5, pb: 2 }}>
          <Brand size="small" />
        </Box>
      ) : null}
      {shopId ? <ShopMenu shopId={shopId} /> : <MainMenu />}
    </RaMenu>
  );
}

/** Main-area paths that have a more specific entry below them (/shops above /shops/review) match exactly. */
const mainPaths = [...mainMenu, ...superAdminMenu].map((e) => e.to);
const hasChildEntry = (to: string) => mainPaths.some((p) => p !== to && p.startsWith(`${to.replace(/\/$/, '')}/`));

function Entry({ entry, base = '' }: { entry: MenuEntry; base?: string }) {
  const path = entry.to.replace(/^\//, '');
  const to = base ? (path ? `${base}/${path}` : base) : entry.to;
  // A shop's home (path '') is active only on itself, not on every page of the shop.
  const exact = base ? !path : to === '/' || hasChildEntry(to);
  // "/" shows the shop list, so the Shops entry is the current page there too.
  const home = !base && to === '/shops';
  return <NavItem to={to} label={entry.label} icon={createElement(entry.icon)} exact={exact} alsoAt={home ? '/' : undefined} />;
}

function MainMenu() {
  const t = useMessage();
  const isSuperAdmin = useIsSuperAdmin();
  const entries = mainMenu.filter((e) => isSuperAdmin || !e.superAdminOnly).sort(byOrder);
  const admin = [...superAdminMenu].sort(byOrder);
  return (
    <>
      {entries.map((e) => (
        <Entry key={e.to} entry={e} />
      ))}
      {isSuperAdmin && admin.length > 0 ? (
        <SubMenu label={t('app.superAdmin')} icon={<AdminPanelSettingsIcon />}>
          {admin.map((e) => (
            <Entry key={e.to} entry={e} />
          ))}
        </SubMenu>
      ) : null}
    </>
  );
}

function ShopMenu({ shopId }: { shopId: string }) {
  const t = useMessage();
  const [open] = useSidebarState();
  const isSuperAdmin = useIsSuperAdmin();
  const { data: shop } = useShopQuery(shopId);
  const role = shop?.role ?? (isSuperAdmin ? 'ADMIN' : 'USER');
  const entries = shopMenu
    .filter((e) => (isSuperAdmin || !e.superAdminOnly) && (role === 'ADMIN' || !e.adminOnly))
    .sort(byOrder);
  const base = `/shops/${shopId}`;
  return (
    <>
      <NavItem to="/shops" label={t('app.backToShops')} icon={<ArrowBackIcon />} exact />
      {open && shop ? (
        <Box sx={{ px: 2.5, pt: 1.5, pb: 1 }}>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
            {t('app.shop')}
          </Typography>
          <Typography sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="sidebar-shop-name">
            {shop.name}
          </Typography>
        </Box>
      ) : (
        <Divider sx={{ my: 1 }} />
      )}
      {entries.map((e) => (
        <Entry key={e.to} entry={e} base={base} />
      ))}
    </>
  );
}
