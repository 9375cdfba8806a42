// Run by the build (scripts/prerenderPlugin.ts) in Node: renders the first view of the public pages and of the shop
// pages that have one (an area's section names it) to HTML and the CSS it needs, so the server can send a page that
// paints before any JavaScript arrives.
import fs from 'node:fs';
import path from 'node:path';
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { Box, createTheme, CssBaseline, styled, ThemeProvider } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, I18nContext, memoryStore, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import type { Shop } from '../../domain/shop';
import { en } from '../i18n/en';
import { i18nProvider as consoleI18n } from '../providers';
import { areas } from '../areas';
import { loadAllAreaWords } from '../areaWords';
import { SHOP_HOME_PATH, shopUrl } from '../contracts/urls';
import { ShopContext } from '../contracts/shopContext';
import type { FirstViewState, ShopFirstView } from '../contracts/firstView';
import type { ShopSection } from '../contracts/shopSection';
import type { Area } from '../contracts/area';
import { theme } from '../layout/theme';
import { AppBar } from '../layout/AppBar';
import { ShopBreadcrumb } from '../layout/ShopArea';
import { SignInForm } from '../pages/account/SignInForm';

export interface PrerenderedPage {
  /** The console path the page is served at; a shop page's holds :shopId (/shops/:shopId/orders/dashboard). */
  path: string;
  /** The tab title the live page sets (useDocumentTitle). */
  title: string;
  html: string;
  css: string;
  /** The page's own early script (a file to bundle on its own); the sign-in page's when not given. */
  script?: string;
  /** The copy shows data it cannot act on (a shop page): no focus, no clicks, until the console takes over. */
  inert?: boolean;
}

// Pages read this device's settings from localStorage: the build has its own, empty unless the state being rendered
// gives some (FirstViewState.storage), so a page renders as on a new device. Set whatever Node offers of its own.
const settings = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (k: string) => settings.get(k) ?? null,
    setItem: (k: string, v: string) => void settings.set(k, v),
    removeItem: (k: string) => void settings.delete(k),
    clear: () => settings.clear(),
    key: (i: number) => [...settings.keys()][i] ?? null,
    get length() {
      return settings.size;
    },
  } satisfies Storage,
});

const i18nProvider = createI18nProvider(en);
const muiTheme = createTheme(theme);
const noop = () => undefined;

function newCache(): EmotionCache {
  // compat: Emotion collects every rule in cache.inserted instead of writing <style> tags into the markup, so the CSS
  // goes into the head once, before the body paints.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
}

const cssOf = (cache: EmotionCache) =>
  Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('');

function render(path: string, title: string, page: ReactElement): PrerenderedPage {
  const cache = newCache();
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={muiTheme}>
        <CssBaseline />
        <I18nContext.Provider value={i18nProvider}>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </I18nContext.Provider>
      </ThemeProvider>
    </CacheProvider>,
  );
  return { path, title, html, css: cssOf(cache) };
}

/** The shop a first view is rendered for: its script writes the real one's name and times. */
const SAMPLE_SHOP = { id: 'shop', name: '', type: 'CAFE', timezone: 'UTC', country: 'AU', role: 'ADMIN' } as Shop;

/** Asks nothing: what a first view shows comes from its seeded query data, or it shows its data as loading. */
const waiting = new Proxy({}, { get: () => () => new Promise(() => undefined) }) as DataProvider;

/**
 * The console's providers around one state of a page: react-admin's (its store, words and theme), the query data the
 * state was given, the router at the page's path and the shop.
 */
function InConsole({ state, url, children }: { state: FirstViewState; url: string; children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of state.data ?? []) queryClient.setQueryData(key, data);
  settings.clear();
  for (const [key, value] of Object.entries(state.storage ?? {})) settings.set(key, value);
  return (
    <MemoryRouter initialEntries={[url]}>
      <AdminContext
        dataProvider={waiting}
        i18nProvider={consoleI18n}
        theme={theme}
        store={memoryStore({ locale: consoleI18n.getLocale() })}
        queryClient={queryClient}
      >
        <ShopContext.Provider value={{ shop: SAMPLE_SHOP, role: 'ADMIN', access: 'ADMIN', refetch: noop }}>{children}</ShopContext.Provider>
      </AdminContext>
    </MemoryRouter>
  );
}

/**
 * react-admin's layout as it lays a page out (its root's styles and the theme's overrides of them, its classes), without
 * what needs a browser to render (its preferences inspector). The pinned sidebar keeps its place empty: its entries
 * need the signed-in user, and the console draws them.
 */
const LayoutRoot = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
  position: 'relative',
  width: '100%',
  '& .RaLayout-appFrame': { display: 'flex', flexDirection: 'column', flexGrow: 1 },
  '& .RaLayout-contentWithSidebar': { display: 'flex', flexGrow: 1 },
  '& .RaLayout-content': {
    backgroundColor: theme.palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
  },
}));

function LayoutCopy({ children }: { children: ReactNode }) {
  return (
    <LayoutRoot className="layout">
      <div className="RaLayout-appFrame">
        <AppBar />
        <main className="RaLayout-contentWithSidebar">
          <Box
            className="app-chrome"
            sx={{
              display: { xs: 'none', lg: 'block' },
              width: theme.sidebar?.width,
              flexShrink: 0,
              bgcolor: '#FFFFFF',
              borderRight: 1,
              borderColor: 'divider',
            }}
          />
          <div id="main-content" className="RaLayout-content">
            {children}
          </div>
        </main>
      </div>
    </LayoutRoot>
  );
}

async function renderShopPage(area: string, section: ShopSection, view: ShopFirstView): Promise<PrerenderedPage> {
  const cache = newCache();
  const url = shopUrl(SAMPLE_SHOP.id, section.path);
  const label = consoleI18n.translate(section.menu.label);
  const { page, templates } = view.render(SAMPLE_SHOP);
  const html = renderToString(
    <CacheProvider value={cache}>
      <InConsole state={page} url={url}>
        <CssBaseline />
        <LayoutCopy>
          <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <ShopBreadcrumb shopId={SAMPLE_SHOP.id} name={SAMPLE_SHOP.name} page={section.path === SHOP_HOME_PATH ? null : label} />
            {page.element}
          </Box>
        </LayoutCopy>
      </InConsole>
    </CacheProvider>,
  );
  const parts = Object.entries(templates).map(
    ([name, state]) =>
      `<template data-template="${name}">${renderToString(
        <CacheProvider value={cache}>
          <InConsole state={state} url={url}>
            {state.element}
          </InConsole>
        </CacheProvider>,
      )}</template>`,
  );
  return {
    path: `/shops/:shopId/${section.path}`,
    title: `${label} · Servery`,
    html: html + parts.join(''),
    css: cssOf(cache),
    script: path.join(import.meta.dirname, '../../resources', area, view.script),
    inert: true,
  };
}

export async function renderFirstViews(): Promise<PrerenderedPage[]> {
  // A first view shows its area's page words, which the console fetches with the page.
  await loadAllAreaWords();
  const shopPages = await Promise.all(
    (areas as readonly Area[]).flatMap((a) =>
      (a.sections ?? []).flatMap((s) => (s.firstView ? [s.firstView().then((view) => renderShopPage(a.name, s, view))] : [])),
    ),
  );
  return [
    render(
      '/login',
      `${en.servery.account.signInTitle} · Servery`,
      <SignInForm
        prerendered
        next={null}
        email=""
        password=""
        errors={{}}
        serverError={null}
        busy={false}
        onEmail={noop}
        onPassword={noop}
        onSubmit={noop}
      />,
    ),
    ...shopPages,
  ];
}

const out = process.argv[2];
if (out) fs.writeFileSync(out, JSON.stringify(await renderFirstViews()));
