// `npm run db:recount`: kept for scripts that still call it. Nothing is kept beside the records any more:
// the lead lists, counts and the activity export are queries on the records themselves
// (docs/decisions/004-lead-read-model.md), so there is nothing to recount.
console.log('Nothing to recount: lead lists, counts and the activity export are read from the records themselves.');
