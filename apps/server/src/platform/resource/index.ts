export * from './columns';
export * from './export';
export * from './files';
export * from './import';
export * from './routes';
export * from './sort';
export * from './workbook';
