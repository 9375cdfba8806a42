import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { ShortlinkCard } from '../../resources/shortlink/ShortlinkCard';
import { FlyerPage } from '../../resources/shortlink/FlyerPage';
import type { Shortlink } from '../../domain/shortlink';
import type { Shop } from '../../domain/shop';

// The real encoder, watched: what it is asked to encode is what the code says.
const encoder = vi.hoisted(() => ({ toString: vi.fn(), toDataURL: vi.fn() }));
vi.mock('qrcode', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof import('qrcode') }>()).default;
  encoder.toString.mockImplementation(actual.toString as never);
  encoder.toDataURL.mockImplementation(actual.toDataURL as never);
  return { default: { ...actual, ...encoder } };
});

/** The short link's QR code: on the card with its downloads, and on the printable A6 flyer. */
const shop = {
  id: 'shop-1',
  type: 'CAFE',
  name: 'Harbour Beans',
  locality: 'Manly',
  country: 'AU',
  timezone: 'Australia/Sydney',
  logo: { path: 'img/logo.png' },
  listing: { status: 'PUBLISHED' },
  role: 'ADMIN',
} as unknown as Shop;
const link = (code: string): Shortlink => ({ code, url: `https://admin.example.com/s/${code}`, updatedAt: '2026-01-01T00:00:00.000Z' });

function render(ui: React.ReactNode, start: Shortlink | null, role: 'USER' | 'ADMIN' = 'ADMIN') {
  const dataProvider = {
    ...testDataProvider(),
    getShortlink: vi.fn(async () => start),
    createShortlink: vi.fn(async () => link('k7mq2xr')),
    updateShortlink: vi.fn(async (_s: string, code: string) => link(code)),
  } as unknown as DataProvider;
  renderInShop(ui, { shop, dataProvider, role });
}

/** What the browser is asked to save: the clicked download links' names and contents. */
function watchDownloads() {
  const saved: { name: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

const svgOf = (img: HTMLElement) => decodeURIComponent(img.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));

beforeEach(() => {
  encoder.toString.mockClear();
  encoder.toDataURL.mockClear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the short link QR code on the card', () => {
  it('shows the QR code of the link, named by it, and draws it again when the code changes', async () => {
    render(<ShortlinkCard shopId={shop.id} />, link('k7mq2xr'));
    const qr = await screen.findByRole('img', { name: 'QR code for https://admin.example.com/s/k7mq2xr' }, { timeout: 5000 });
    expect(svgOf(qr)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(encoder.toString).toHaveBeenCalledWith('https://admin.example.com/s/k7mq2xr', expect.objectContaining({ type: 'svg' }));
    const before = svgOf(qr);

    fireEvent.click(screen.getByRole('button', { name: 'Change code' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'harbour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const next = await screen.findByRole('img', { name: 'QR code for https://admin.example.com/s/harbour' });
    expect(encoder.toString).toHaveBeenCalledWith('https://admin.example.com/s/harbour', expect.objectContaining({ type: 'svg' }));
    expect(svgOf(next)).not.toBe(before);
  });

  it('downloads the SVG and a 1024 px PNG of the link, named after the shop', async () => {
    const saved = watchDownloads();
    render(<ShortlinkCard shopId={shop.id} />, link('k7mq2xr'), 'USER');
    fireEvent.click(await screen.findByRole('button', { name: 'Download SVG' }, { timeout: 5000 }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('harbour-beans-qr.svg');
    expect(decodeURIComponent(saved[0].href)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);

    fireEvent.click(screen.getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1].name).toBe('harbour-beans-qr.png');
    expect(saved[1].href).toMatch(/^data:image\/png;base64,/);
    expect(encoder.toDataURL).toHaveBeenCalledWith('https://admin.example.com/s/k7mq2xr', expect.objectContaining({ width: 1024 }));
    for (const [, options] of [...encoder.toString.mock.calls, ...encoder.toDataURL.mock.calls])
      expect(['M', 'Q']).toContain(options.errorCorrectionLevel);
  });

  it('leads to the printable flyer', async () => {
    render(<ShortlinkCard shopId={shop.id} />, link('k7mq2xr'), 'USER');
    const print = await screen.findByRole('link', { name: 'Print flyer' }, { timeout: 5000 });
    expect(print.getAttribute('href')).toBe('/shops/shop-1/shortlink/flyer');
  });

  it('shows no QR code while the shop has no short link', async () => {
    render(<ShortlinkCard shopId={shop.id} />, null);
    await screen.findByRole('button', { name: 'Create short link' }, { timeout: 5000 });
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download SVG' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Print flyer' })).toBeNull();
    expect(encoder.toString).not.toHaveBeenCalled();
  });
});

describe('the printable flyer', () => {
  it("shows the shop's logo and name, Scan to order, the QR code and the link; Print opens the print dialog", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<FlyerPage />, link('k7mq2xr'), 'USER');
    const flyer = await screen.findByTestId('shortlink-flyer', undefined, { timeout: 5000 });
    expect(within(flyer).getByRole('heading', { name: 'Harbour Beans' })).toBeTruthy();
    expect(within(flyer).getByRole('img', { name: 'Harbour Beans logo' }).getAttribute('src')).toContain('img/logo.png');
    expect(within(flyer).getByText('Scan to order')).toBeTruthy();
    expect(await within(flyer).findByRole('img', { name: 'QR code for https://admin.example.com/s/k7mq2xr' })).toBeTruthy();
    expect(within(flyer).getByText('admin.example.com/s/k7mq2xr')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to the overview' }).getAttribute('href')).toBe('/shops/shop-1/overview');
    vi.unstubAllGlobals();
  });

  it('says to create the link first when there is none, with the way back', async () => {
    render(<FlyerPage />, null, 'USER');
    expect(
      await screen.findByText(/Your shop has no short link yet\. Create it on the overview/, undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('shortlink-flyer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the overview' })).toBeTruthy();
  });
});
