import { messages } from '../../domain/messages';

/** The posts area's messages (resources.posts.*). */
export const i18n = {
  name: 'Post |||| Posts',
  fields: {
    title: 'Title',
    description: 'Description',
    price: 'Price',
    images: 'Images',
    aspectRatio: 'Aspect ratio',
    publishAt: 'Publish at',
    expireAt: 'Expire at',
    status: 'Status',
    created: 'Created',
    updated: 'Updated',
    image: 'Image',
  },
  status: { DRAFT: 'Draft', SCHEDULED: 'Scheduled', LIVE: 'Live', EXPIRED: 'Expired' },
  aspect: {
    FOUR_TWO: 'Wide (4:2)',
    FOUR_TWO_POINT_FIVE: 'Landscape (4:2.5)',
    FOUR_THREE: 'Landscape (4:3)',
    SQUARE: 'Square (1:1)',
    FOUR_FIVE: 'Portrait (4:5)',
    FOUR_SIX: 'Tall (4:6)',
    SIXTEEN_NINE: 'Widescreen (16:9)',
  },
  // react-admin's delete button reads its toast from here.
  notifications: { deleted: messages.postDeleted },
  action: {
    new: 'New Post',
    edit: 'Edit Post',
    loadMore: 'Load More',
    addImage: 'Add Image',
    moveImage: 'Drag to reorder image %{n}',
    removeImage: 'Remove image %{n}',
    saveDraft: 'Save as draft',
  },
  list: { subtitle: 'News and specials your customers see in your app.' },
  help: {
    optional: 'Optional',
    aspectRatio: 'Every image is cropped to this shape.',
    publishAt: 'Empty: published as soon as you save',
  },
  deleteTitle: 'Delete this post?',
};
