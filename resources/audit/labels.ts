/**
 * What the shell shows of the audit area before any of its pages opens (resources.audit.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Audit log',
  platform: {
    title: 'Audit log',
  },
};
