/** The short link area's messages (resources.shortlink.*). */
export const i18n = {
  name: 'Short link',
  title: 'Short link',
  explain: 'A short address that opens your ordering page. Share it on flyers, receipts and social media.',
  explainNone: 'Your shop has no short link yet.',
  askAdmin: 'An admin of the shop can create it.',
  fields: { code: 'Code', url: 'Link' },
  codeHelp: 'Letters, digits, - and _; 4 to 32 characters. The old link stops working.',
  action: { create: 'Create short link', copy: 'Copy', change: 'Change code', save: 'Save' },
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
};
