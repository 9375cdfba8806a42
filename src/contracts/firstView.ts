import type { ReactElement } from 'react';
import type { Shop } from '../../domain/shop';

/** One state of a page as the build renders it: the element, and the query data it reads (seeded, keyed as it asks). */
export interface FirstViewState {
  element: ReactElement;
  data?: Array<[readonly unknown[], unknown]>;
  /** This device's settings the state reads (localStorage), by key. */
  storage?: Record<string, string>;
}

/**
 * A shop page whose first view the build renders into the page's HTML (src/prerender), so that a phone paints the
 * page before the console's JavaScript has arrived and run. The HTML holds the page as it is while its data loads
 * (`page`), and copies of its parts rendered with sample data (`templates`, in <template> elements); the page's own
 * early script (a small classic script beside it, no React) signs in with the refresh cookie, fetches the page's
 * data, fills the templates with it and then starts the console, whose page takes over when it shows the same
 * (useFirstViewHandover). Same components, same markup and styles: nothing moves when the console takes over.
 */
export interface ShopFirstView {
  /** Rendered in Node at build time, in the console's providers, for a sample `shop` (the script writes the real one). */
  render: (shop: Shop) => { page: FirstViewState; templates: Record<string, FirstViewState> };
  /** The early script's file, in the area's folder. */
  script: string;
}
