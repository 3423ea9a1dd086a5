import './zod-setup';

export * from './announcement';
export * from './auth';
export * from './brand';
export * from './company';
export * from './constants';
export * from './duplicate';
export * from './envelope';
export * from './errors';
export * from './html-policy';
export * from './ledger';
export * from './logs';
export * from './money';
export * from './paging';
export * from './permission';
export * from './user';
export * from './validation';
export * from './wire';
