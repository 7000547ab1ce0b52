// Released consent wordings never change: a lead's record names its version, and that version must
// still produce the exact text the visitor saw. A new wording is a new version at the end.
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSIONS, CURRENT_CONSENT, consentText, consentVersion } from './consent.ts';

/** Every released version as it was released. Add a line for a new version; never edit one. */
const RELEASED: Record<number, string> = {
  1: 'I agree that {brokerage} may call and text me at this number, including by automated means, about insurance. Consent is not a condition of purchase. Msg & data rates may apply; reply STOP to opt out.',
};

describe('consent wording', () => {
  it('keeps every released version word for word', () => {
    for (const [version, template] of Object.entries(RELEASED)) {
      expect(consentVersion(Number(version))?.template).toBe(template);
    }
    expect(CONSENT_VERSIONS.map((v) => v.version)).toEqual(Object.keys(RELEASED).map(Number));
  });

  it('numbers versions in order, the current one last', () => {
    const numbers = CONSENT_VERSIONS.map((v) => v.version);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(CURRENT_CONSENT).toBe(CONSENT_VERSIONS.at(-1));
  });

  it('names the one seller and says what the law asks', () => {
    const text = consentText('Acme Brokers', consentVersion(1));
    expect(text).toBe(
      'I agree that Acme Brokers may call and text me at this number, including by automated means, about insurance. Consent is not a condition of purchase. Msg & data rates may apply; reply STOP to opt out.',
    );
    expect(CURRENT_CONSENT.covers).toEqual(['calls', 'texts']);
  });
});
