import { createElement } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Avatar, Box, Divider, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Menu as RaMenu, useTranslate } from 'react-admin';
import type { Shop } from '../../domain/shop';
import { useIsSuperAdmin } from '../../providers/authProvider';
import { accessOf, allows } from '../contracts/access';
import { MENU_GROUPS, type MainPage, type MenuEntry } from '../contracts/shopSection';
import { shopUrl } from '../contracts/urls';
import { useMessage } from '../components/useMessage';
import { mainPages, shopSections } from '../sections';
import { useShopQuery } from './ShopContext';
import { Brand } from './Brand';
import { NavItem } from './NavItem';
import { MenuGroupHeading } from './MenuGroupHeading';
import { SubMenu } from './SubMenu';
import { useShopPath } from './useShopPath';
import { PINNED_FROM, useMenuState } from './Sidebar';

const byOrder = (a: { menu: MenuEntry }, b: { menu: MenuEntry }) => a.menu.order - b.menu.order;
const inMenu = (p: MainPage): p is MainPage & { menu: MenuEntry } => p.menu !== undefined;

/**
 * The sidebar, read from the same lists as the routes (src/sections.ts, from the areas). Main area: the main pages and, for
 * super admins only, the 'Super Admin' group. Inside a shop: the way back to all shops, the shop being viewed,
 * and the sections the caller's role reaches under their headings (MENU_GROUPS), each heading's entries in the spec's
 * order. A shop that cannot be loaded gets the main sidebar.
 */
export function Menu() {
  const shopId = useShopPath();
  const drawer = useMediaQuery<Theme>((theme) => theme.breakpoints.down(PINNED_FROM));
  return (
    <RaMenu sx={{ pt: 1.5, pb: 2 }}>
      {/* The drawer covers the header, so it carries the brand itself. */}
      {drawer ? (
        <Box sx={{ px: 2.5, pt: 0.5, pb: 2 }}>
          <Brand size="small" />
        </Box>
      ) : null}
      {shopId ? <ShopMenu shopId={shopId} /> : <MainMenu />}
    </RaMenu>
  );
}

/** Main-area paths that have a more specific entry below them (/shops above /shops/review) match exactly. */
const menuPaths = mainPages.filter(inMenu).map((p) => `/${p.path}`);
const hasChildEntry = (to: string) => menuPaths.some((p) => p !== to && p.startsWith(`${to}/`));

function MainEntry({ page }: { page: MainPage & { menu: MenuEntry } }) {
  const translate = useTranslate();
  const to = `/${page.path}`;
  // "/" shows the shop list, so the Shops entry is the current page there too.
  return (
    <NavItem
      to={to}
      label={translate(page.menu.label)}
      icon={createElement(page.menu.icon)}
      exact={hasChildEntry(to)}
      alsoAt={to === '/shops' ? '/' : undefined}
    />
  );
}

function MainMenu() {
  const t = useMessage();
  const isSuperAdmin = useIsSuperAdmin();
  const pages = mainPages.filter(inMenu).sort(byOrder);
  const everyone = pages.filter((p) => p.menu.role !== 'SUPER_ADMIN');
  const admin = pages.filter((p) => p.menu.role === 'SUPER_ADMIN');
  return (
    <>
      {everyone.map((p) => (
        <MainEntry key={p.path} page={p} />
      ))}
      {isSuperAdmin && admin.length > 0 ? (
        <SubMenu label={t('app.superAdmin')} icon={<AdminPanelSettingsIcon />}>
          {admin.map((p) => (
            <MainEntry key={p.path} page={p} />
          ))}
        </SubMenu>
      ) : null}
    </>
  );
}

function ShopMenu({ shopId }: { shopId: string }) {
  const t = useMessage();
  const translate = useTranslate();
  const isSuperAdmin = useIsSuperAdmin();
  const { data: shop, error } = useShopQuery(shopId);
  if (error) return <MainMenu />;
  const access = accessOf(shop?.role, isSuperAdmin);
  const sees = (s: (typeof shopSections)[number]) =>
    allows(access, s.menu.role) && (!s.menu.permission || allows(access, s.menu.permission, shop?.permissions));
  const sections = shop ? shopSections.filter((s) => sees(s) && !s.menu.hidden).sort(byOrder) : [];
  const entry = (s: (typeof sections)[number]) => (
    <NavItem
      key={s.path}
      to={shopUrl(shopId, s.path)}
      label={translate(s.menu.label)}
      icon={createElement(s.menu.icon)}
      badge={s.menu.Badge ? createElement(s.menu.Badge, { shopId }) : undefined}
    />
  );
  return (
    <>
      <NavItem to="/shops" label={t('app.backToShops')} icon={<ArrowBackIcon />} exact />
      {shop ? <CurrentShop shop={shop} /> : <Divider sx={{ my: 1 }} />}
      {sections.filter((s) => !s.menu.group).map(entry)}
      {MENU_GROUPS.map((group) => {
        const inGroup = sections.filter((s) => s.menu.group === group);
        return inGroup.length ? (
          <MenuGroupHeading key={group} id={`menu-group-${group}`} label={t(`app.menuGroups.${group}`)}>
            {inGroup.map(entry)}
          </MenuGroupHeading>
        ) : null;
      })}
    </>
  );
}

/** The shop being viewed, marked as the current place in the sidebar (its initial when the sidebar is folded). */
function CurrentShop({ shop }: { shop: Shop }) {
  const t = useMessage();
  const { open } = useMenuState();
  const mark = (
    <Avatar
      variant="rounded"
      sx={{ width: 28, height: 28, fontSize: 14, fontWeight: 700, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      {shop.name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
  return (
    <Box
      role="group"
      aria-label={t('app.currentShop')}
      data-testid="sidebar-current-shop"
      aria-current="location"
      sx={(theme) => ({
        mx: 1,
        my: 1,
        px: open ? 1.5 : 0.75,
        py: 1,
        display: 'flex',
        gap: 1.25,
        alignItems: 'center',
        borderRadius: 2,
        bgcolor: alpha(theme.palette.primary.main, 0.1),
        borderLeft: `3px solid ${theme.palette.primary.main}`,
      })}
    >
      {open ? (
        mark
      ) : (
        <Tooltip title={shop.name} placement="right">
          {mark}
        </Tooltip>
      )}
      {open ? (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4, display: 'block' }}>
            {t('app.shop')}
          </Typography>
          <Typography
            sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            data-testid="sidebar-shop-name"
          >
            {shop.name}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
