import './zod-setup';

export * from './announcement';
export * from './auth';
export * from './brand';
export * from './constants';
export * from './envelope';
export * from './errors';
export * from './paging';
export * from './permission';
export * from './validation';
