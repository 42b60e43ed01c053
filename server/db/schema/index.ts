export * from './tenancy';
export * from './settings';
export * from './auth';
export * from './email';
export * from './billing';
export * from './notifications';
export * from './products';
export * from './inventory';
