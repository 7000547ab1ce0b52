// The door to encryption at rest: which stored fields are sealed, and the helpers that seal and open them.
// The walk that seals plain values and re-seals them under a new key crosses domains: models/flows/walk-sealed-fields.ts.
export { CUSTOMER_SEALED, FACTOR_SEALED, LEAD_SEALED, openFields, sealFields } from './sealed-fields.ts';
