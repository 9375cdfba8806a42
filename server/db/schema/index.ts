export * from './users';
export * from './shops';
export * from './platform';
export * from './search';
// orders (issue 10)
export * from './orders';
