// The whole database schema, one file per aggregate. Drizzle needs them together.
export * from './accounts.ts';
export * from './players.ts';
export * from './auth.ts';
export * from './play.ts';
export * from './billing.ts';
export * from './coaching.ts';
export * from './admin.ts';
export * from './privacy.ts';
export * from './sharing.ts';
export * from './pairing.ts';
