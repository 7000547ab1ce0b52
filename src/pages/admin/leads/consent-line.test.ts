import { describe, expect, it } from 'vitest';
import { NO_CONSENT, consentLine } from './consent-line.ts';

const at = new Date('2026-11-25T18:00:00Z');
const summary = { version: 1, covers: ['calls', 'texts'], at, pageUrl: '/contact', formId: 'lead-form' };

describe('the consent line', () => {
  it('names what was agreed to, when, and under which text version', () => {
    expect(consentLine({ ...summary, given: true })).toBe('Consented to calls and texts on Nov 25, 2026 — text v1');
    expect(consentLine({ ...summary, given: true, version: 3 })).toMatch(/— text v3$/);
  });

  it('allows only manual calls without a ticked box or a record', () => {
    expect(consentLine({ ...summary, given: false })).toBe(NO_CONSENT);
    expect(consentLine(null)).toBe('No consent to automated calls or texts: manual calls about this request only');
  });
});

describe('the consent line after a do-not-contact request', () => {
  it('says the consent was withdrawn, never that it stands', () => {
    const asked = new Date('2026-11-27T18:00:00Z');
    expect(consentLine({ ...summary, given: true }, asked)).toBe(
      'Consent withdrawn: asked not to be contacted on Nov 27, 2026 (consent given on Nov 25, 2026)',
    );
    expect(consentLine(null, asked)).toBe('Consent withdrawn: asked not to be contacted on Nov 27, 2026');
  });
});
