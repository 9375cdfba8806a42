/** The billboards area's messages (resources.billboards.*). */
export const i18n = {
  name: 'Billboard |||| Billboards',
  fields: { preview: 'Preview', position: 'Position' },
  action: {
    upload: 'Upload Image',
    moveUp: 'Move Up',
    moveDown: 'Move Down',
    delete: 'Delete',
    deleteConfirm: 'Billboard %{n} will no longer show in your app.',
    /** A row's buttons as a screen reader names them: 'Move Up 2'. */
    moveUpRow: 'Move Up %{n}',
    moveDownRow: 'Move Down %{n}',
    deleteRow: 'Delete %{n}',
  },
  subtitle: 'The banners at the top of your app, in this order. Up to %{max}, each 16:9.',
  cropped: 'Images are cropped to 16:9 before they are uploaded.',
};
