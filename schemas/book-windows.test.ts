// My work's book windows for a given day: renewals in 7/30/60 days, age-ins in 3 months, the enrollment seasons.
import { describe, expect, it } from 'vitest';
import { addMonths, ageIns, renewalsWithin, seasonReview, todayIn, type BookPolicy } from './book-windows.ts';

const policy = (over: Partial<BookPolicy>): BookPolicy => ({
  policyId: 'p',
  customerId: 'c',
  customerName: 'Ann',
  carrier: 'Aetna',
  line: 'health',
  status: 'active',
  effectiveDate: '2020-01-01',
  renewalDate: null,
  ...over,
});

describe('renewal windows', () => {
  const today = '2026-11-25';
  const book = [
    policy({ policyId: 'in7', effectiveDate: '2021-12-02' }), // renews 2026-12-02: 7 days
    policy({ policyId: 'in30', effectiveDate: '2025-12-25' }), // renews 2026-12-25: 30 days
    policy({ policyId: 'in31', effectiveDate: '2025-12-26' }),
    policy({ policyId: 'in60', effectiveDate: '2024-01-24' }), // renews 2027-01-24: 60 days
    policy({ policyId: 'given', effectiveDate: '2026-01-01', renewalDate: '2026-12-01' }),
    policy({ policyId: 'lapsed', effectiveDate: '2021-11-30', status: 'lapsed' }),
    policy({ policyId: 'today', effectiveDate: '2019-11-25', status: 'pending' }),
  ];
  const ids = (days: number) => renewalsWithin(book, today, days).map((p) => p.policyId);

  it('each include the day itself and the last day, soonest first, in-force policies only', () => {
    expect(ids(7)).toEqual(['today', 'given', 'in7']);
    expect(ids(30)).toEqual(['today', 'given', 'in7', 'in30']);
    expect(ids(60)).toEqual(['today', 'given', 'in7', 'in30', 'in31', 'in60']);
    expect(renewalsWithin(book, today, 7)[0]!.renewsOn).toBe('2026-11-25');
  });
});

describe('age-ins', () => {
  it('list customers whose 65th birthday falls in the next 3 months, then those only known to be 64', () => {
    const list = ageIns(
      [
        { customerId: '1', name: 'Late', birthDate: '1962-02-26', age: 64 },
        { customerId: '2', name: 'Soon', birthDate: '1961-12-01', age: 64 },
        { customerId: '3', name: 'Edge', birthDate: '1962-02-25', age: 64 },
        { customerId: '4', name: 'Past', birthDate: '1961-11-24', age: 65 },
        { customerId: '5', name: 'Guess', birthDate: null, age: 64 },
        { customerId: '6', name: 'Young', birthDate: null, age: 50 },
      ],
      '2026-11-25',
    );
    expect(list.map((c) => [c.name, c.turns65On])).toEqual([
      ['Soon', '2026-12-01'],
      ['Edge', '2027-02-25'],
      ['Guess', null],
    ]);
  });

  it('end at the last day of a shorter month', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
});

describe('enrollment seasons', () => {
  const book = [
    policy({ customerId: 'm', customerName: 'Mae', line: 'medicare-advantage', carrier: 'Humana' }),
    policy({ customerId: 'm', customerName: 'Mae', line: 'part-d', carrier: 'Cigna' }),
    policy({ customerId: 'a', customerName: 'Abe', line: 'aca-marketplace' }),
    policy({ customerId: 'x', customerName: 'Xia', line: 'aca-marketplace', status: 'cancelled' }),
  ];
  it('count Medicare customers from Oct 15 to Dec 7 and ACA customers from Nov 1 to Jan 15', () => {
    expect(seasonReview('aep', book, '2026-10-14')).toBeNull();
    expect(seasonReview('aep', book, '2026-10-15')).toEqual([{ customerId: 'm', customerName: 'Mae', carriers: ['Humana', 'Cigna'] }]);
    expect(seasonReview('aep', book, '2026-12-08')).toBeNull();
    expect(seasonReview('oep', book, '2026-10-31')).toBeNull();
    expect(seasonReview('oep', book, '2027-01-15')?.map((r) => r.customerId)).toEqual(['a']);
    expect(seasonReview('oep', book, '2027-01-16')).toBeNull();
  });
});

describe('today', () => {
  it("is the brokerage's calendar day, not UTC's", () => {
    expect(todayIn('America/Denver', new Date('2026-11-26T05:00:00Z'))).toBe('2026-11-25');
    expect(todayIn('America/Denver', new Date('2026-11-26T08:00:00Z'))).toBe('2026-11-26');
  });
});
