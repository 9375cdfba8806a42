/**
 * What the shell shows of the alerts area before any of its pages opens (resources.alerts.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  /** The sidebar's entry, breadcrumb and tab title. */
  menu: 'Alerts',
  failed: {
    title: 'Failed mails',
  },
};
