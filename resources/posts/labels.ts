/**
 * What the shell shows of the posts area before any of its pages opens (resources.posts.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Posts',
};
