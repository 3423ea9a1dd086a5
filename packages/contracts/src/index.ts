export * from './auth';
export * from './constants';
export * from './envelope';
export * from './errors';
export * from './permission';
export * from './validation';
export * from './paging';
