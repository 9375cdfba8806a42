/** The billboards area's messages (resources.billboards.*). */
export const i18n = {
  name: 'Billboard |||| Billboards',
  menu: 'Billboards',
  fields: { preview: 'Preview', position: 'Position' },
  action: {
    upload: 'Upload Image',
    moveUp: 'Move Up',
    moveDown: 'Move Down',
    delete: 'Delete',
    deleteConfirm: 'Billboard %{n} will no longer show in your app.',
  },
};
