// The brokerage's own facts (name, emails, office, promise), used by the public pages and the emails
// the server sends: edit them here. The rest of the site's copy is in src/content.ts.

export const site = {
  name: 'Summit Health & Life',
  legalName: 'Summit Health & Life Insurance',
  tagline: 'Independent health and life insurance brokers',
  description:
    'Independent, licensed brokers who compare plans from leading carriers and help families and individuals choose health and life coverage with confidence.',
  /** Shown in the footer and the Get Started sidebar. */
  emails: {
    general: 'hello@summithealthlife.com',
    support: 'support@summithealthlife.com',
    /** Where a person asks for a copy or erasure of their data (the Privacy page). */
    privacy: 'privacy@summithealthlife.com',
  },
  location: { city: 'Denver', region: 'Colorado', regionCode: 'CO', country: 'US', served: 'Serving clients nationwide' },
  response: { time: 'Within 24 hours', days: 'Monday - Sunday' },
  /** Time zone of the office: the copyright year is computed in it on server and browser alike. */
  timeZone: 'America/Denver',
};
