import { useEffect, useMemo, useState } from 'react';
import { List, Pagination, useListContext, usePermissions, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Shop } from '../../domain/shop';
import type { Permissions } from '../../providers/authProvider';
import { takeFreshSignIn } from '../../providers/sessionStart';
import { shopHome, shopUrl } from '../../src/contracts/urls';
import { PageHeader } from '../../src/components/PageHeader';
import { NewShopButton } from './NewShopButton';
import { ShopActions } from './ShopActions';
import { countryColumn, listingColumn, statusColumn, typeColumn } from './shopColumns';
import { ShopsEmpty } from './ShopsEmpty';
import { ShopTable, type ShopColumn } from './ShopTable';
import { ShopListingCell } from './ShopListingCell';

const PER_PAGE = 50;

/** Where an owner's only shop opens right after signing in: New Orders once it is listed, else its overview (its set-up). */
export const landingOf = (shop: Shop) => (shop.listing.status === 'PUBLISHED' ? shopHome(shop.id) : shopUrl(shop.id, 'overview'));

/**
 * Signed in a moment ago with nowhere asked for, an owner of exactly one shop (not a super admin, whose work is the
 * platform's) goes into it. "/" itself stays the shops list: a reload, a typed address or the Shops entry shows it.
 */
function useLandingInOnlyShop(fresh: boolean, shops: Shop[] | undefined, total: number | undefined) {
  const navigate = useNavigate();
  const { permissions, isPending } = usePermissions<Permissions>();
  const lands = fresh && !isPending && permissions?.isSuperAdmin !== true && total === 1 && shops?.length === 1;
  useEffect(() => {
    if (lands && shops) navigate(landingOf(shops[0]), { replace: true });
  }, [lands, shops, navigate]);
  return fresh && (isPending || lands || shops === undefined);
}

function ShopListBody({ fresh }: { fresh: boolean }) {
  const translate = useTranslate();
  const { data: shops, total } = useListContext<Shop>();
  const navigate = useNavigate();
  const landing = useLandingInOnlyShop(fresh, shops, total);
  const linkedListing: ShopColumn = useMemo(
    () => ({ ...listingColumn, render: (shop) => <ShopListingCell shop={shop} to={shopHome(shop.id)} /> }),
    [],
  );
  if (!shops || landing) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 0 } }}>
      <ShopTable
        aria-label={translate('resources.shops.menu.list')}
        shops={shops}
        primaryLinks
        columns={[linkedListing, countryColumn, typeColumn, statusColumn(true)]}
        actions={(shop) => <ShopActions shop={shop} />}
        onOpen={(shop) => navigate(shopHome(shop.id))}
      />
      {(total ?? 0) > PER_PAGE && <Pagination rowsPerPageOptions={[PER_PAGE]} />}
    </Box>
  );
}

/** /shops and /: the shops the signed-in user works at (spec 1 §2, spec 3 §2.9). */
export function ShopList() {
  const translate = useTranslate();
  // Taken once, whatever the list turns out to hold: a later visit to "/" is a visit to the list.
  const { pathname } = useLocation();
  const [fresh] = useState(() => pathname === '/' && takeFreshSignIn());
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      {/* The page's h1 and its primary action, visible whether or not there are shops yet. */}
      <PageHeader title={translate('resources.shops.menu.list')} actions={<NewShopButton />} />
      <List
        resource="shops"
        title={false}
        perPage={PER_PAGE}
        // What needs the owner first (a refused shop, one never sent for review, one waiting; then the listed ones),
        // ordered by the server so the order holds across pages.
        sort={{ field: 'attention', order: 'ASC' }}
        pagination={false}
        exporter={false}
        actions={false}
        empty={<ShopsEmpty />}
        // On phones the shops are cards of their own: no card around them.
        sx={{
          '& .RaList-content': {
            bgcolor: { xs: 'transparent', sm: 'background.paper' },
            boxShadow: { xs: 'none', sm: undefined },
            border: { xs: 0, sm: undefined },
          },
          '& .RaList-main': { mt: 0 },
        }}
      >
        <ShopListBody fresh={fresh} />
      </List>
    </Box>
  );
}
