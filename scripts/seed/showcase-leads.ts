// The demo leads made to show every lead feature on first sign-in (`npm run seed:demo`): each lead's
// region from its phone's area code (calling hours on its record), the consent box ticked or not, a
// first touch from a mix of sources (the dashboard's conversion table), follow-ups overdue, due today
// and later for both agents (My work), and one person who asked not to be contacted. Dates are relative
// to the day the seed runs. Runs once per database (after the leads step, on whatever leads it left).
import mongoose from 'mongoose';
import { tz, TZDate } from '@date-fns/tz';
import { endOfDay } from 'date-fns/endOfDay';
import { site } from '../../schemas/brokerage.ts';
import { CONSENT_FORM_ID, CURRENT_CONSENT, consentText } from '../../schemas/consent.ts';
import { phoneRegion } from '../../schemas/phone-region.ts';
import { addDays } from '../../schemas/policy-rules.ts';
import { todayIn } from '../../schemas/book-windows.ts';
import { findLeadRecords, type LeadRecord } from '../../models/leads/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { markDoNotContact } from '../../models/privacy/do-not-contact.ts';
import { DEMO_AGENTS } from './staff.ts';

const MARK = 'demo-seed-showcase-leads';

/** Where the demo's website leads came from: search ads, social, referring sites and direct visits. */
const TOUCHES = [
  { landingPage: '/', referrerHost: 'google.com', utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'medicare-2026' },
  { landingPage: '/contact', referrerHost: 'google.com', utmSource: null, utmMedium: null, utmCampaign: null },
  { landingPage: '/about', referrerHost: 'facebook.com', utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'open-enrollment' },
  { landingPage: '/', referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null },
  { landingPage: '/contact', referrerHost: 'healthline.com', utmSource: null, utmMedium: null, utmCampaign: null },
  { landingPage: '/', referrerHost: 'bing.com', utmSource: 'bing', utmMedium: 'cpc', utmCampaign: 'term-life' },
  { landingPage: '/about', referrerHost: null, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'fall-checkup' },
];

/** An instant at a local hour of a calendar day in a time zone. */
function atLocal(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, 0, 0, timeZone).getTime());
}

/**
 * The follow-up times an agent's demo leads get, in this order: overdue since two days ago, due later
 * today, tomorrow morning, overdue since yesterday afternoon, in four days.
 */
export function followUpSlots(now: Date, timeZone: string): Date[] {
  const today = todayIn(timeZone, now);
  const endOfToday = endOfDay(now, { in: tz(timeZone) }).getTime();
  // Later today: a few hours on, or halfway to midnight when the day is nearly over.
  const laterToday = new Date(now.getTime() + Math.min(3 * 3600_000, Math.floor((endOfToday - now.getTime()) / 2)));
  return [
    atLocal(addDays(today, -2), 10, timeZone),
    laterToday,
    atLocal(addDays(today, 1), 10, timeZone),
    atLocal(addDays(today, -1), 15, timeZone),
    atLocal(addDays(today, 4), 14, timeZone),
  ];
}

/** Region, consent and first touch for the website leads that lack them. */
function enrichment(lead: LeadRecord, i: number): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  if (!lead.region) {
    const region = phoneRegion(lead.phone);
    if (region) set.region = { ...region, from: 'phone' };
  }
  if (lead.source === 'website' && !lead.consent) {
    set.consent = {
      // Two in three ticked the box for automated calls and texts.
      given: i % 3 !== 2,
      version: CURRENT_CONSENT.version,
      text: consentText(site.name, CURRENT_CONSENT),
      covers: [...CURRENT_CONSENT.covers],
      at: lead.createdAt,
      ip: null,
      userAgent: 'Mozilla/5.0 (demo data)',
      pageUrl: TOUCHES[i % TOUCHES.length]!.landingPage,
      formId: CONSENT_FORM_ID,
    };
  }
  if (lead.source === 'website' && !lead.firstTouch) set.firstTouch = TOUCHES[i % TOUCHES.length];
  return set;
}

export async function seedShowcaseLeads(timeZone: string, now = new Date()): Promise<string> {
  const markers = mongoose.connection.db!.collection<{ _id: string }>('seed_markers');
  if (await markers.findOne({ _id: MARK })) return 'already seeded';
  const leads = (await findLeadRecords()).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const writes: { id: mongoose.Types.ObjectId; set: Record<string, unknown> }[] = [];
  leads.forEach((lead, i) => {
    const set = enrichment(lead, i);
    if (Object.keys(set).length) writes.push({ id: lead._id, set });
  });

  // Follow-ups: every follow-up lead of an agent gets a date; an agent with fewer than four gets some of
  // their called leads moved to follow-up, so each has one overdue, one today and one later at least.
  const slots = followUpSlots(now, timeZone);
  const followUps: { agent: string; leadId: string; at: Date }[] = [];
  for (const { name } of DEMO_AGENTS) {
    const own = leads.filter((l) => l.claimedBy === name);
    const waiting = own.filter((l) => l.status === 'follow-up');
    const called = own.filter((l) => l.status === 'called');
    const chosen = [...waiting, ...called.slice(0, Math.max(0, 4 - waiting.length))];
    chosen.forEach((lead, i) => {
      const at = slots[i % slots.length]!;
      const lastCallAt = new Date(Math.min(now.getTime() - 3600_000, (lead.contactedAt ?? lead.createdAt).getTime()));
      followUps.push({ agent: name, leadId: String(lead._id), at });
      writes.push({
        id: lead._id,
        set: { status: 'follow-up', followUpAt: at, lastCall: { at: lastCallAt, outcome: 'voicemail', by: name } },
      });
    });
  }
  await writeAroundLeadModel((Lead) =>
    writes.length
      ? Lead.bulkWrite(writes.map((w) => ({ updateOne: { filter: { _id: w.id }, update: { $set: w.set } } })))
      : Promise.resolve(null),
  );

  // One person asked not to be contacted: the first lost lead (the list, the record and My work show it).
  const lost = leads.find((l) => l.status === 'lost' && l.claimedBy);
  if (lost) {
    await markDoNotContact(
      { leadId: String(lost._id), reason: 'Asked on the phone not to be called again' },
      { name: lost.claimedBy! },
      'lead',
    );
  }
  await markers.insertOne({ _id: MARK });
  const regions = new Set(leads.map((l) => l.region?.state ?? phoneRegion(l.phone)?.state).filter(Boolean));
  return `${writes.length} lead changes, ${followUps.length} follow-ups, leads from ${regions.size} states${lost ? ', 1 do not contact' : ''}`;
}
