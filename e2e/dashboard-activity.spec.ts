// The dashboard's Recent Activity in the browser (docs/product.md §2, §9): relative times under a fixed
// clock, an icon per action and the footer, and each entry linking to its record at desktop and phone
// size. The database is shared by the whole suite: this file makes its own entries, dated ahead of the rest.
import { expect, test } from '@playwright/test';
import { db, run, withStaff, atEachSize, DESKTOP, PHONE, openDashboard } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { type ActivityAction } from '../models/activity';
import { insertActivities, ActivityModel } from '../models/activity/log.ts';

const AGENT = { name: `Dana ${run}`, email: `dana.${run}@e2e.local` };
withStaff({ ...AGENT, isAgent: true });
const CLOCK_USER = `Clockwatcher ${run}`;
const TIME_ZONE = 'America/Denver';
const MINUTE = 60_000;

test.use({ timezoneId: TIME_ZONE });

test.afterAll(async () => {
  // The entries dated in the future must not sit on top of other tests' activity lists.
  await db();
  await ActivityModel.deleteMany({ user: CLOCK_USER });
});

test('recent activity shows relative times by the documented steps, an icon per action, and the footer', async ({ page }) => {
  // The browser's clock is fixed a month ahead, and the entries are dated just before it, so they
  // are the newest of the shared database whatever other tests logged.
  const now = new Date(Math.floor((Date.now() + 30 * 24 * 60 * MINUTE) / MINUTE) * MINUTE);
  const at = (ms: number) => new Date(now.getTime() - ms);
  const entries: { action: ActivityAction; ago: number; text: RegExp; time: string }[] = [
    { action: 'LEAD_CREATED', ago: 5_000, text: new RegExp(`added Fresh ${run}`), time: 'Just now' },
    { action: 'LEAD_CLAIMED', ago: 5 * MINUTE + 30_000, text: new RegExp(`assigned Claimed ${run} to ${AGENT.name}`), time: '5m ago' },
    {
      action: 'LEAD_STATUS_UPDATED',
      ago: 3 * 60 * MINUTE + 10 * MINUTE,
      text: new RegExp(`marked Called ${run} as called`),
      time: '3h ago',
    },
    { action: 'LEAD_DELETED', ago: 2 * 24 * 60 * MINUTE + 60 * MINUTE, text: new RegExp(`deleted Gone ${run}`), time: '2d ago' },
    {
      action: 'CUSTOMER_UPDATED',
      ago: 10 * 24 * 60 * MINUTE,
      text: /updated a customer/,
      time: at(10 * 24 * 60 * MINUTE).toLocaleDateString('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric' }),
    },
  ];
  const leadNames: Record<string, string> = {
    LEAD_CREATED: `Fresh ${run}`,
    LEAD_CLAIMED: `Claimed ${run}`,
    LEAD_STATUS_UPDATED: `Called ${run}`,
    LEAD_DELETED: `Gone ${run}`,
  };
  await db();
  // Sixty older entries of the same user below them: the list still stops at 50.
  await insertActivities(
    Array.from({ length: 60 }, (_, i) => ({
      user: CLOCK_USER,
      action: 'LEAD_CREATED' as const,
      timestamp: at(20 * 24 * 60 * MINUTE + i * MINUTE),
      details: { action: 'LEAD_CREATED', leadName: `Filler ${run} ${i}` },
    })),
  );
  await insertActivities(
    entries.map((e) => ({
      user: CLOCK_USER,
      action: e.action,
      timestamp: at(e.ago),
      details: {
        action: e.action,
        leadName: leadNames[e.action],
        claimedBy: e.action === 'LEAD_CLAIMED' ? AGENT.name : undefined,
        newStatus: e.action === 'LEAD_STATUS_UPDATED' ? 'called' : undefined,
      },
    })),
  );

  await page.clock.install({ time: now });
  await openDashboard(page);
  const list = page.getByRole('list', { name: 'Recent activity' });
  const items = list.getByRole('listitem');
  // Newest first: our five entries head the list.
  for (const [i, e] of entries.entries()) {
    const item = items.nth(i);
    await expect(item).toContainText(CLOCK_USER);
    await expect(item).toContainText(e.text);
    await expect(item.locator('time')).toHaveText(e.time);
    await expect(item.locator('[data-action]')).toHaveAttribute('data-action', e.action);
  }
  // Each action type has an icon of its own.
  const icon = (i: number) => items.nth(i).locator('svg path').getAttribute('d');
  const paths = await Promise.all(entries.map((_, i) => icon(i)));
  expect(new Set(paths).size).toBe(entries.length);

  await expect(items).toHaveCount(50);
  await expect(items.nth(49)).toContainText(`added Filler ${run} 44`);
  await expect(page.getByText('Showing latest 50 activities. Use export for full history.')).toBeVisible();

  // An hour later without reloading, the times move on ("Just now" becomes "1h ago").
  await page.clock.runFor(60 * MINUTE);
  await expect(items.nth(0).locator('time')).toHaveText('1h ago');
  await expect(items.nth(1).locator('time')).toHaveText('1h ago');
  await expect(items.nth(2).locator('time')).toHaveText('4h ago');
});

atEachSize(
  [DESKTOP, PHONE],
  (size) => `activity links at ${size.name} size`,
  (size) => {
    test("each entry links to its record: a lead's record, the customer opened on the customers page, nothing once deleted", async ({
      page,
    }) => {
      const user = `Linker ${run} ${size.name}`;
      const conn = await db();
      const customer = await CustomerModel.create({
        name: `Link Cara ${run} ${size.name}`,
        email: `link.cara.${run}.${size.name}@example.com`,
        phone: '(303) 555-4141',
        age: 41,
        insuranceProvider: 'Aetna',
        leadKey: `manual:e2e-links-${run}-${size.name}`,
      });
      // Dated ahead of every other entry so they head the list; removed again at the end.
      const at = (minutes: number) => new Date(Date.now() + 90 * 24 * 60 * MINUTE - minutes * MINUTE);
      await insertActivities([
        {
          user,
          action: 'LEAD_CLAIMED',
          timestamp: at(4),
          details: { leadId: 'lead-claimed-1', leadName: 'Link Claimed', claimedBy: AGENT.name },
        },
        { user, action: 'LEAD_DELETED', timestamp: at(3), details: { leadId: 'lead-gone-1', leadName: 'Link Gone' } },
        { user, action: 'CUSTOMER_UPDATED', timestamp: at(2), details: { customerId: customer.id, leadName: customer.name } },
      ]);
      // A logged call, written as the server writes it (the action may be newer than this build's list of actions).
      await conn.collection('activities').insertOne({
        user,
        action: 'LEAD_CALL_LOGGED',
        timestamp: at(1),
        details: { leadId: 'lead-called-1', leadName: 'Link Called', outcome: 'voicemail' },
      });
      try {
        await openDashboard(page);
        const list = page.getByRole('list', { name: 'Recent activity' });
        await expect(list.getByRole('link', { name: `${user} logged a call with Link Called (Left voicemail)` })).toHaveAttribute(
          'href',
          '/admin/leads/lead-called-1',
        );
        await expect(list.getByRole('link', { name: `${user} assigned Link Claimed to ${AGENT.name}` })).toHaveAttribute(
          'href',
          '/admin/leads/lead-claimed-1',
        );
        const gone = list.getByRole('listitem').filter({ hasText: `${user} deleted Link Gone` });
        await expect(gone).toHaveCount(1);
        await expect(gone.getByRole('link')).toHaveCount(0);

        // The customer entry opens that customer's edit dialog; a reload keeps it open, closing it leaves the list.
        const customerLink = list.getByRole('link', { name: `${user} updated a customer` });
        expect((await customerLink.boundingBox())!.height).toBeGreaterThan(0);
        await customerLink.click();
        await expect(page).toHaveURL(new RegExp(`/admin/customers\\?customer=${customer.id}$`));
        const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
        await expect(dialog.getByLabel('Name')).toHaveValue(customer.name);
        await page.reload();
        await expect(dialog.getByLabel('Name')).toHaveValue(customer.name);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page).toHaveURL(/\/admin\/customers$/);
        await expect(page.getByRole('heading', { name: 'Customer Management' })).toBeVisible();
      } finally {
        await ActivityModel.deleteMany({ user });
      }
    });
  },
);
