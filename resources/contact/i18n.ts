/** The contact area's messages (resources.contact.*). */
export const i18n = {
  name: 'Customer Contact',
  subtitle: 'How customers reach the shop.',
  fields: { address: 'Address', phone: 'Phone', person: 'Contact person' },
  help: { address: '5 to 200 characters', person: '2 to 80 characters' },
};
