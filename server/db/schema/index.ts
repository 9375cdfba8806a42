export * from './users';
export * from './shops';
export * from './platform';
export * from './search';
// stripe (issue 13)
export * from './stripe';
