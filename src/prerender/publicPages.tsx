// Run by the build (scripts/prerenderPlugin.ts) in Node: renders the first view of the public pages to HTML and the
// CSS it needs, so the server can send a page that paints before any JavaScript arrives.
import fs from 'node:fs';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { I18nContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import { en } from '../i18n/en';
import { theme } from '../layout/theme';
import { SignInForm } from '../pages/account/SignInForm';

export interface PrerenderedPage {
  /** The console path the page is served at. */
  path: string;
  /** The tab title the live page sets (useDocumentTitle). */
  title: string;
  html: string;
  css: string;
}

const i18nProvider = createI18nProvider(en);
const muiTheme = createTheme(theme);
const noop = () => undefined;

function render(path: string, title: string, page: ReactElement): PrerenderedPage {
  // compat: Emotion collects every rule in cache.inserted instead of writing <style> tags into the markup, so the CSS
  // goes into the head once, before the body paints.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
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
  const css = Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('');
  return { path, title, html, css };
}

export function renderPublicPages(): PrerenderedPage[] {
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
  ];
}

const out = process.argv[2];
if (out) fs.writeFileSync(out, JSON.stringify(renderPublicPages()));
