// The list entry's codec: a lead's entry read back says what the lead says, and any change of a
// field the list shows, sorts, searches or counts makes a different entry.
import { describe, expect, it } from 'vitest';
import { nameOrder, encodeEntry, entryKey, entryOf, readEntry, sameFacts, type Entry } from './entry.ts';
import { holderCode } from './rules.ts';

const lead = {
  _id: '65a000000000000000000001',
  seq: 1234,
  status: 'called',
  claimedBy: 'Zoë Ng',
  contactedAt: new Date('2026-11-01T10:00:00Z'),
  createdAt: new Date('2026-10-31T09:30:00Z'),
  name: 'Ana MARÍA',
  email: 'Ana@Example.org',
  phoneDigits: '3035550100',
  source: 'website',
  firstTouch: { utmSource: 'Newsletter', referrerHost: 'facebook.com' },
};

describe('list entry codec', () => {
  it('reads back what it stored, with the number and id from the field name', () => {
    const stored = entryOf(lead, 'm1');
    const read = readEntry(entryKey(lead.seq, lead._id), encodeEntry(stored));
    expect(read).toEqual({ ...stored, seq: 1234, id: lead._id });
    expect(read).toMatchObject({ tab: holderCode('Zoë Ng'), closed: false, name: 'ana maría', email: 'ana@example.org', contacted: true });
    expect(read).toMatchObject({ contactedAt: Date.parse('2026-11-01T10:00:00Z'), source: 'newsletter' });
  });

  it('tells apart entries whose lead differs in any listed fact, and not by the mark alone', () => {
    const base = entryOf(lead, 'm1');
    expect(sameFacts(base, entryOf(lead, 'm2'))).toBe(true);
    for (const change of [
      { status: 'lost' },
      { claimedBy: null },
      { contactedAt: null },
      { name: 'Other' },
      { email: 'x@example.org' },
      { phoneDigits: '1' },
      { createdAt: new Date() },
      { contactedAt: new Date('2026-11-02T10:00:00Z') },
      { firstTouch: { utmSource: 'facebook' } },
      { firstTouch: null },
    ])
      expect(sameFacts(base, entryOf({ ...lead, ...change }, 'm1')), JSON.stringify(change)).toBe(false);
  });

  it('keeps a separator typed into a name from shifting the fields', () => {
    const read = readEntry('1_abc', encodeEntry(entryOf({ ...lead, name: 'a\x1fb' }, 'm1')));
    expect(read).toMatchObject({ name: 'a b', status: 'called', mark: 'm1' });
  });

  it('reads an entry of an older layout as none, so a rebuild replaces it', () => {
    expect(readEntry('1_abc', 'unclaimed\t0\tname')).toBeNull();
    expect(readEntry('1_abc', { tab: 'unclaimed', mark: 'm1' })).toBeNull();
  });
});

describe('the name sort', () => {
  it('orders names as the collator does, numbers by value, accents and punctuation included', () => {
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const chars = ['a', 'b', 'z', ' ', '0', '1', '2', '9', 'é', '-', "'"];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const names = Array.from({ length: 400 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 8) }, () => chars[Math.floor(random() * chars.length)]).join(''),
    );
    names.push('lead 10', 'lead 9', 'lead 009', 'lead 12345678901234567890', 'lead 12345678901234567891');
    const entry = (name: string) => ({ name }) as Entry;
    const compareNames = nameOrder();
    for (const a of names)
      for (const b of names.slice(0, 60))
        expect(Math.sign(compareNames(entry(a), entry(b))), `${a} / ${b}`).toBe(Math.sign(collator.compare(a, b)));
  });
});
