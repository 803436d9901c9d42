export * from './constants.ts';
export * from './countries.ts';
export * from './errors.ts';
export * from './forms.ts';
export * from './phone.ts';
export * from './roles.ts';
export * from './stats.ts';
export * from './validation.ts';
