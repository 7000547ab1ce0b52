// The log-call form's rules: quick picks, the browser-time datetime-local value and the checks.
import { describe, expect, it } from 'vitest';
import { checkLogCall, fromLocalInput, isDirty, QUICK_PICKS, toLocalInput } from './log-call-form.ts';

const now = new Date(2026, 10, 24, 15, 30);

describe('quick picks', () => {
  it('land at 9:00 the next morning, in two days and in a week', () => {
    expect(QUICK_PICKS.map((p) => toLocalInput(p.at(now)))).toEqual(['2026-11-25T09:00', '2026-11-26T09:00', '2026-12-01T09:00']);
  });
});

describe('fromLocalInput', () => {
  it('reads the value in the browser time zone and refuses impossible dates', () => {
    expect(fromLocalInput('2026-11-25T09:00')?.getTime()).toBe(new Date(2026, 10, 25, 9, 0).getTime());
    expect(fromLocalInput('2026-02-30T09:00')).toBeNull();
    expect(fromLocalInput('2026-11-25')).toBeNull();
  });
});

describe('checkLogCall', () => {
  const later = toLocalInput(new Date(Date.now() + 2 * 86_400_000));

  it('reports every error at once under its field', () => {
    const result = checkLogCall('L1', { outcome: '', note: 'x'.repeat(2001), followUp: '2020-01-01T09:00' });
    expect(result).toEqual({
      errors: {
        outcome: 'Choose how the call went',
        note: 'The note must be at most 2000 characters',
        followUp: 'Pick a follow-up time in the future',
      },
    });
  });

  it('gives the server input with the follow-up as a Date, or null without one', () => {
    const withFollowUp = checkLogCall('L1', { outcome: 'voicemail', note: '  left a message ', followUp: later });
    expect(withFollowUp).toEqual({
      input: { leadId: 'L1', outcome: 'voicemail', note: 'left a message', followUpAt: fromLocalInput(later) },
    });
    expect(checkLogCall('L1', { outcome: 'reached', note: '', followUp: '' })).toEqual({
      input: { leadId: 'L1', outcome: 'reached', note: '', followUpAt: null },
    });
  });

  it('counts a picked outcome or typed note as unsaved work, blank space not', () => {
    expect(isDirty({ outcome: '', note: '   ', followUp: '' })).toBe(false);
    expect(isDirty({ outcome: 'reached', note: '', followUp: '' })).toBe(true);
  });
});
