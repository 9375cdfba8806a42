import { List, Pagination, useListContext, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import type { Shop } from '../../domain/shop';
import { shopHome } from '../../src/contracts/urls';
import { PageHeader } from '../../src/components/PageHeader';
import { NewShopButton } from './NewShopButton';
import { ShopActions } from './ShopActions';
import { countryColumn, listingColumn, statusColumn, typeColumn } from './shopColumns';
import { ShopsEmpty } from './ShopsEmpty';
import { ShopTable } from './ShopTable';

const PER_PAGE = 50;

function ShopListBody() {
  const translate = useTranslate();
  const { data, total } = useListContext<Shop>();
  const navigate = useNavigate();
  if (!data) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 0 } }}>
      <ShopTable
        aria-label={translate('resources.shops.menu.list')}
        shops={data}
        columns={[listingColumn, countryColumn, typeColumn, statusColumn(true)]}
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
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      {/* The page's h1 and its primary action, visible whether or not there are shops yet. */}
      <PageHeader title={translate('resources.shops.menu.list')} actions={<NewShopButton />} />
      <List
        resource="shops"
        title={false}
        perPage={PER_PAGE}
        sort={{ field: 'name', order: 'ASC' }}
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
        <ShopListBody />
      </List>
    </Box>
  );
}
