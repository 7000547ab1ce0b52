// The one shared module of zod schemas and option lists: client and server import from here.
export * from './lead.ts';
export * from './analytics.ts';
export * from './auth.ts';
export * from './site.ts';
export * from './customer.ts';
