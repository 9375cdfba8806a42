/** The menu area's messages (resources.menu.*). */
export const i18n = {
  name: 'Menu',
  menu: 'Menu',
  fields: { name: 'Name', description: 'Description', image: 'Image', imageAspect: 'Image shape', items: 'Items' },
};
