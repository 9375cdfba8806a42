export * from './users';
export * from './shops';
export * from './platform';
export * from './search';
// settings area
export * from './settings';
