export * from './users';
export * from './shops';
export * from './platform';
export * from './search';
// catalog
export * from './catalog';
