export * from './users';
export * from './shops';
export * from './platform';
export * from './search';
// apps: white-label apps, builds, runner tokens, devices
export * from './apps';
