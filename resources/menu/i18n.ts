/** The menu area's messages (resources.menu.*). */
export const i18n = {
  name: 'Menu',
  menu: 'Menu',
  fields: { name: 'Name', description: 'Description', image: 'Image', imageAspect: 'Image shape', items: 'Items' },
  actions: {
    category: 'Category %{n}',
    categoryRow: 'category %{n}',
    removeCategory: 'Remove category',
    removeCategoryNamed: 'Remove category %{name}',
    itemsToAdd: 'Items to add',
    removeItem: 'Remove from category',
    removeItemNamed: 'Remove %{name} from the category',
    deletedItem: 'deleted item',
    drag: 'Drag %{name}',
    moveUp: 'Move up',
    moveUpNamed: 'Move %{name} up',
    moveDown: 'Move down',
    moveDownNamed: 'Move %{name} down',
  },
};
