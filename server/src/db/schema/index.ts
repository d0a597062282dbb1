// The whole schema for Drizzle's relational queries and drizzle-kit; one table group a file.
export * from './deposits.ts';
export * from './dev-outbox.ts';
export * from './jobs.ts';
export * from './ledger.ts';
export * from './media.ts';
export * from './one-time-codes.ts';
export * from './passes.ts';
export * from './pawapay-sandbox.ts';
export * from './payment-methods.ts';
export * from './posts.ts';
export * from './purchases.ts';
export * from './rate-limit-counters.ts';
export * from './sessions.ts';
export * from './social.ts';
export * from './tips.ts';
export * from './unlocks.ts';
export * from './users.ts';
