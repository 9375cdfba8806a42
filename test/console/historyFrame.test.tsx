import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router-dom';
import { testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { HistoryFrame } from '../../src/components/history/HistoryFrame';
import { useHistory, type HistorySource } from '../../src/components/history/useHistory';
import type { Shop } from '../../domain/shop';
import { renderInShop } from '../helpers/renderInShop';

/**
 * The history frame as an area configures it: 20 a page, back to the first page whenever a filter changes, the area's
 * empty state, and a row opening where the area says.
 */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
type Visit = { id: string; name: string; kind: 'WALK_IN' | 'BOOKED'; at: string };

/** 45 visits today in Sydney (noon on 25 Nov 2026), every third one booked, latest first as the server sorts them. */
const visits: Visit[] = Array.from({ length: 45 }, (_, i) => ({
  id: `v-${i + 1}`,
  name: `Visitor ${String(i + 1).padStart(2, '0')}`,
  kind: i % 3 === 0 ? 'BOOKED' : 'WALK_IN',
  at: '2026-11-25T00:30:00.000Z',
}));

const source: HistorySource = {
  resource: 'visits',
  dateField: 'at',
  labels: { range: 'Date range', month: 'Month', search: 'Search name' },
  choices: [{ param: 'kind', label: 'Kind', any: 'All kinds', options: ['WALK_IN', 'BOOKED'], words: (k) => k.toLowerCase() }],
};

function VisitHistory() {
  const history = useHistory<Visit>(source);
  return (
    <HistoryFrame
      history={history}
      title="Visit History"
      columns={() => [{ label: 'Name', primary: true, render: (v) => v.name }]}
      rowTestId="visit-row"
      rowPath={(v) => `/visits/${v.id}`}
      empty={{ icon: <EventNoteIcon />, text: 'No visits yet' }}
    />
  );
}

function OpenedVisit() {
  return <p>Opened {useParams().id}</p>;
}

function openHistory(all: Visit[]) {
  vi.useFakeTimers({ now: new Date('2026-11-25T01:00:00.000Z'), toFake: ['Date'] });
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    const { kind, q } = params.filter as { kind?: string; q?: string };
    const rows = all.filter((v) => (!kind || v.kind === kind) && (!q || v.name.includes(q)));
    const { page, perPage } = params.pagination!;
    return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
  });
  const dataProvider = { ...testDataProvider(), getList } as unknown as DataProvider;
  renderInShop(
    <Routes>
      <Route path="/" element={<VisitHistory />} />
      <Route path="/visits/:id" element={<OpenedVisit />} />
    </Routes>,
    { shop, dataProvider },
  );
  return { lastPage: () => getList.mock.lastCall?.[1].pagination };
}

const names = () => screen.getAllByTestId('visit-row').map((r) => within(r).getAllByRole('cell')[0].textContent);
const currentPage = () => screen.getByRole('navigation').querySelector('[aria-current="page"]')?.textContent;

describe('the history frame', { timeout: 60_000 }, () => {
  it('shows 20 a page, and goes back to the first page when a select changes', async () => {
    const { lastPage } = openHistory(visits);
    await screen.findByRole('table', { name: 'Visit History' });
    expect(names()).toHaveLength(20);
    expect(lastPage()).toEqual({ page: 1, perPage: 20 });

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(names()).toEqual(['Visitor 41', 'Visitor 42', 'Visitor 43', 'Visitor 44', 'Visitor 45']));
    expect(currentPage()).toBe('3');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'booked' }));
    // 15 booked visits: one page, from its first.
    await waitFor(() => expect(names()).toHaveLength(15));
    expect(lastPage()).toEqual({ page: 1, perPage: 20 });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('goes back to the first page when the search or the range changes', async () => {
    const { lastPage } = openHistory(visits);
    await screen.findByRole('table', { name: 'Visit History' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(lastPage()).toEqual({ page: 2, perPage: 20 }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search name' }), { target: { value: 'Visitor' } });
    await waitFor(() => expect(lastPage()).toEqual({ page: 1, perPage: 20 }));
    await waitFor(() => expect(currentPage()).toBe('1'));

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(currentPage()).toBe('2'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Week' }));
    await waitFor(() => expect(currentPage()).toBe('1'));
    expect(lastPage()).toEqual({ page: 1, perPage: 20 });
  });

  it("says the area's empty words when nothing is listed", async () => {
    openHistory([]);
    expect(await screen.findByText('No visits yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens a row where the area says, from its View button', async () => {
    openHistory(visits);
    const row = (await screen.findAllByTestId('visit-row'))[0];
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Opened v-1')).toBeTruthy();
  });
});
