// What a logged call came to, and its name on screen (docs/product.md §10). No zod here: the
// dashboard's activity list names outcomes on the first screen, where zod is not loaded.
export const CALL_OUTCOMES = ['reached', 'voicemail', 'no-answer', 'wrong-number', 'do-not-contact'] as const;
export const CALL_OUTCOME_LABELS: Record<(typeof CALL_OUTCOMES)[number], string> = {
  reached: 'Reached',
  voicemail: 'Left voicemail',
  'no-answer': 'No answer',
  'wrong-number': 'Wrong number',
  'do-not-contact': 'Asked not to be contacted',
};
