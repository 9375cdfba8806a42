/**
 * What the shell shows of the staff area before any of its pages opens (resources.staff.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Users',
  invitation: 'Invitation',
};
