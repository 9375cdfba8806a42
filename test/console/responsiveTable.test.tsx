import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/providers';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { countryColumn, listingColumn, statusColumn } from '../../resources/shops/shopColumns';
import type { Shop } from '../../domain/shop';

describe('ResponsiveTable', () => {
  it('titles columns from resources.<name>.fields.* and still shows a literal label as written', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ResponsiveTable<Shop>
          rows={[]}
          rowKey={(s) => s.id}
          columns={[listingColumn, countryColumn, statusColumn(false), { label: 'Plain words', render: () => null }]}
        />
      </AdminContext>,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Shop Listing', 'Country', 'Listing Status', 'Plain words']));
    expect(headers.join(' ')).not.toContain('resources.');
  });
});
