/**
 * What the shell shows of the contact area before any of its pages opens (resources.contact.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Customer Contact',
};
