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
// apps: white-label apps, builds, runner tokens, devices
export * from './apps';
// stripe (issue 13)
export * from './stripe';
// orders (issue 10)
export * from './orders';
