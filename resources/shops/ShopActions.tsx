import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Shop } from '../../domain/shop';
import { useIsSuperAdmin } from '../../providers/authProvider';
import { accessOf, allows } from '../../src/contracts/access';
import { shopHome, shopUrl } from '../../src/contracts/urls';

export type ShopAction = 'view' | 'edit' | 'users' | 'fee';

/**
 * View, Edit, Manage Users and (super admins only) Transaction Fee. Edit is for the shop's admins
 * (and super admins): a USER may not change the shop, so the button would only lead to a refusal.
 */
export function ShopActions({ shop, show = ['view', 'edit', 'users', 'fee'] }: { shop: Shop; show?: ShopAction[] }) {
  const access = accessOf(shop.role, useIsSuperAdmin());
  const translate = useTranslate();
  const has = (a: ShopAction) => show.includes(a);
  const common = {
    size: 'small' as const,
    component: Link,
    onClick: (e: React.MouseEvent) => e.stopPropagation(),
    sx: { whiteSpace: 'nowrap', minWidth: 0, px: 1 },
  };
  return (
    <>
      {has('view') && (
        <Button {...common} to={shopHome(shop.id)}>
          {translate('resources.shops.actions.view')}
        </Button>
      )}
      {has('edit') && allows(access, 'editShop') && (
        <Button {...common} to={shopUrl(shop.id, 'edit')}>
          {translate('resources.shops.actions.edit')}
        </Button>
      )}
      {has('users') && (
        <Button {...common} to={shopUrl(shop.id, 'users')}>
          {translate('resources.shops.actions.manageUsers')}
        </Button>
      )}
      {has('fee') && allows(access, 'platform') && (
        <Button {...common} to={shopUrl(shop.id, 'transaction_fee')}>
          {translate('resources.shops.actions.transactionFee')}
        </Button>
      )}
    </>
  );
}
