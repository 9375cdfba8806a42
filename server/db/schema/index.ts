export * from './users';
export * from './shops';
export * from './platform';
export * from './search';
// posts
export * from './posts';
// settings area
export * from './settings';
// catalog
export * from './catalog';
// orders (issue 10)
export * from './orders';
