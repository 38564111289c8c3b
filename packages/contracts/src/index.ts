export * from './errors.ts';
export * from './common.ts';
export * from './signing.ts';
export * from './auth.ts';
export * from './permissions.ts';
export * from './constants.ts';
export * from './books.ts';
