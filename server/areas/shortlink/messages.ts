/** What only the server says about short links (the console shares the rest through domain/shortlink.ts). */
export const shortlinkServerMessages = {
  noShortlink: 'This shop has no short link yet.',
  shortlinkNotFound: 'This short link does not exist.',
};
