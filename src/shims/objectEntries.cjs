/* global module */
// node-polyglot (under ra-i18n-polyglot) requires the object.entries polyfill, which drags about 20 kB of
// es-abstract helpers into the sign-in page's code; every browser the console supports has Object.entries.
module.exports = Object.entries;
