export * from './tenancy';
export * from './settings';
