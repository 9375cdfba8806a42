/** The shops area's messages (resources.shops.*): the shop list and form, the overview, the platform's shop pages. */
export const i18n = {
  name: 'Shop |||| Shops',
  menu: { list: 'Shops', create: 'New Shop', edit: 'Edit Shop', overview: 'Overview' },
  fields: {
    name: 'Name',
    description: 'Description',
    locality: 'Locality',
    country: 'Country',
    type: 'Type',
    category: 'Category',
    timezone: 'Time zone',
    logo: 'Logo',
    listing: 'Listing',
    shopListing: 'Shop Listing',
    'listing.status': 'Listing Status',
    'listing.rejectReason': 'Reject Reason',
    createdAt: 'Created',
    updatedAt: 'Updated',
    submittedAt: 'Submitted',
  },
  pages: { review: 'Review', browse: 'Browse', search: 'Search' },
  demo: 'Demo',
  lists: {
    all: 'All shops',
    results: 'Search results',
    waiting: 'Shops waiting for review',
    search: 'Search shops',
  },
  actions: {
    approve: 'Approve',
  },
};
