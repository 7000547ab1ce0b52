// The Privacy page's copy (src/pages/public/PrivacyPage.tsx): what the brokerage collects, why, for
// how long, and how a person asks for a copy or erasure. A brokerage edits it here; the consent box's
// own wording is versioned in schemas/consent.ts. Not legal advice: have it reviewed.

export const privacy = {
  updated: 'November 25, 2026',
  intro:
    'This page explains what we collect when you visit our site or ask us to contact you, why we collect it, how long we keep it, and how to ask for a copy or for it to be erased.',
  collected: [
    {
      title: 'What you send us',
      text: 'Your name, email address and phone number from the contact form, and whether you ticked the box agreeing to calls and texts.',
    },
    {
      title: 'Proof of your choice',
      text: 'When you send the form we keep the exact consent text shown, the time, the page and form you used, your internet address and your browser. These are kept with your consent record only, as proof of what you agreed to.',
    },
    {
      title: 'What your broker adds',
      text: 'Notes from our conversations and, if you become a client, the details needed to quote and service your coverage, including health information you choose to share.',
    },
    {
      title: 'Site visits',
      text: 'Which pages are visited, the browser type and an approximate place (city, state) worked out from the internet address, without cookies. The address itself is not kept with visits.',
    },
  ],
  why: [
    'To answer your request and find you health or life coverage.',
    'To keep proof of your consent and of any request not to be contacted, as the law requires.',
    'To understand which pages help visitors, in totals only.',
  ],
  /** What is kept how long: mirrors the retention table in README's "Contact rules". */
  retention: [
    { what: 'Consent record (text, time, page, form, internet address, browser)', howLong: '5 years after it was given' },
    { what: 'Contact requests and client files', howLong: 'While we work with you, then as insurance record rules require' },
    { what: 'A request not to be contacted', howLong: '5 years (kept even after erasure, so we never call you again)' },
    { what: 'A record of a copy or erasure request', howLong: '24 months' },
  ],
  texting: [
    'Ticking the box is optional: we answer your request either way, by a manual call about it.',
    'Consent is not a condition of purchase. Message frequency varies. Msg & data rates may apply.',
    'Reply STOP to any text to stop texts, or HELP for help. You can also ask us by phone or email to stop calling or texting you; we honour it on every channel.',
  ],
  /** How to ask for a copy or erasure: sent to this address (schemas/brokerage.ts). */
  requests:
    'To get a copy of what we hold about you, to correct it, or to have it erased, email us from the address you gave us or tell your broker. We answer within 30 days. Erasure keeps only what the law requires: a record that you asked not to be contacted, your consent record, a record of who read your health details (without your name), and a record of your request.',
};
