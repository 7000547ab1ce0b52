// The attribution the geolocation data's licence asks for, shared by the server (server/geo.ts,
// the analytics page) and the public Privacy page, which must not import server code.

/** What the licence asks the pages that show the data to say, and where the data comes from. */
export const GEO_ATTRIBUTION = {
  text: 'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com.',
  url: 'https://www.maxmind.com',
};
