// What the public pages remember of a session's first page view: the path, another site's origin and
// the utm_* values, cut to what the server accepts so a submission is never refused for them.
import { describe, expect, it } from 'vitest';
import { firstTouchInput } from '../../schemas/first-touch.ts';
import { firstTouchOfPage } from './first-touch.ts';

describe('firstTouchOfPage', () => {
  it('keeps the path, the utm values and only the origin of another site', () => {
    expect(
      firstTouchOfPage(
        'https://brokerage.example/about?utm_source=newsletter&utm_medium=email&utm_campaign=fall',
        'https://news.example/a/b?id=7',
      ),
    ).toEqual({
      landingPage: '/about',
      referrer: 'https://news.example',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'fall',
    });
  });

  it('sends no referrer for the site itself or a page opened directly', () => {
    expect(firstTouchOfPage('https://brokerage.example/', 'https://brokerage.example/contact').referrer).toBeUndefined();
    expect(firstTouchOfPage('https://brokerage.example/', '').referrer).toBeUndefined();
  });

  it('cuts hostile values to something the server accepts', () => {
    const touch = firstTouchOfPage(
      `https://brokerage.example//evil.example/?utm_source=${'x'.repeat(5000)}&utm_campaign=a%0Ab`,
      'javascript:alert(1)',
    );
    expect(touch.utmSource).toHaveLength(100);
    expect(touch.utmCampaign).toBe('ab');
    expect(touch.landingPage).toBe('/evil.example/');
    expect(touch.referrer).toBeUndefined();
    expect(firstTouchInput.safeParse(touch).success).toBe(true);
  });
});
