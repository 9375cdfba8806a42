import type { ReactNode } from 'react';
import type { Shop } from '../../domain/shop';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';

export type ShopColumn = ResponsiveColumn<Shop>;

/** Every shop table of the console (own shops, review, browse, search): a table on desktop, cards on phones. */
export function ShopTable(props: {
  shops: Shop[];
  columns: ShopColumn[];
  actions?: (shop: Shop) => ReactNode;
  onOpen?: (shop: Shop) => void;
  /** The listing cell names the shop with a link that opens it (the whole card still opens it on phones). */
  primaryLinks?: boolean;
  'aria-label'?: string;
}) {
  const { shops, ...rest } = props;
  return <ResponsiveTable rows={shops} rowKey={(s) => s.id} testId="shop-row" {...rest} />;
}
