// The door to privacy (docs/product.md): do-not-contact marks, access copies, erasure and the requests' log.
export { suppressionOf } from './suppression-store.ts';
export { checkCallAllowed, liftDoNotContact, markDoNotContact, withDoNotContact, withDoNotContactBatches } from './do-not-contact.ts';
export { withoutDoNotContact } from './my-work.ts';
export { findPerson } from './person.ts';
export { accessCopy } from './access-copy.ts';
export { erasePerson } from './erase.ts';
export { listRequests } from './requests.ts';
