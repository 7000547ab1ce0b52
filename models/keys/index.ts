// The door to encryption at rest: which stored fields are sealed, and the walk that re-seals them under a new key.
export { CUSTOMER_SEALED, openFields, sealFields } from './sealed-fields.ts';
export { walkSealedFields } from './at-rest.ts';
