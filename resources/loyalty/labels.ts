/**
 * What the shell shows of the loyalty area before any of its pages opens (resources.loyalty.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  /** The sidebar's entry, breadcrumb and tab title; the page's own heading is `title`. */
  menu: 'Loyalty Cards',
};
