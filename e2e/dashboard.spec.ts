// Performance Dashboard in the browser: the agent and overall cards against the leads behind them,
// Recent Activity with its relative times under a fixed clock, icons and footer, the CSV export and
// its failure message, and the empty state when the activity cannot be loaded (docs/product.md §2, §8, §9).
// Each activity entry links to its record, at desktop and phone size.
// The database is shared by the whole suite: this file makes its own agent, leads and entries.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { createLead, countLeads } from '../models/leads/index.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';
import { type ActivityAction } from '../models/activity';
import { insertActivities } from '../models/activity/log.ts';
import { ActivityModel } from '../models/activity/log.ts';
import { RESPONSE_PROMISE_MS } from '../schemas/lead.ts';
import { CustomerModel } from '../models/customers/customer.ts';

const run = Date.now().toString(36);
const AGENT = { name: `Dana ${run}`, email: `dana.${run}@e2e.local` };
const CLOCK_USER = `Clockwatcher ${run}`;
const TIME_ZONE = 'America/Denver';
const MINUTE = 60_000;

test.use({ timezoneId: TIME_ZONE });

test.beforeAll(async () => {
  await ensureStaff({ ...AGENT, isAgent: true });
});

test.afterAll(async () => {
  // The entries dated in the future must not sit on top of other tests' activity lists.
  await db();
  await ActivityModel.deleteMany({ user: CLOCK_USER });
});

/** The figure under a card's label (a <dt>/<dd> pair). */
function figure(card: Locator, label: string): Locator {
  return card
    .locator('div')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

async function openDashboard(page: Page) {
  await signIn(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Performance Dashboard' })).toBeVisible();
}

test('an agent card and the overall card show the figures of the leads behind them', async ({ page }) => {
  await db();
  // Four leads for the agent: called, quoted, closed and lost, claimed 10, 30, 50 and 70 minutes
  // after they arrived. Assigned 4, active 2 (lost and closed excluded), closed 1, conversion
  // 1/4 = 25.0%, median time to claim (30 + 50) / 2 = 40 minutes.
  const plan = [
    { status: 'called', wait: 10 },
    { status: 'quoted', wait: 30 },
    { status: 'closed', wait: 50 },
    { status: 'lost', wait: 70 },
  ];
  const arrived = new Date(Date.now() - 2 * 60 * MINUTE);
  for (const [i, { status, wait }] of plan.entries()) {
    const lead = await createLead({ name: `Dash ${run} Lead${i}`, email: `dash.${run}.${i}@example.com`, phone: `(720) 555-${3000 + i}` });
    // createdAt is immutable for Mongoose, so the arrival time is set on the collection itself.
    await writeAroundLeadModel((Lead) =>
      Lead.collection.updateOne(
        { _id: lead._id },
        {
          $set: {
            status,
            claimedBy: AGENT.name,
            claimedAt: new Date(arrived.getTime() + wait * MINUTE),
            contactedAt: new Date(),
            createdAt: arrived,
          },
        },
      ),
    );
  }

  // The overall figures as the leads stand now (the suite runs one test at a time).
  const [total, claimed, closed, overdue] = await Promise.all([
    countLeads(),
    countLeads({ claimedBy: { $ne: null } }),
    countLeads({ status: 'closed' }),
    countLeads({
      status: { $nin: ['closed', 'lost'] },
      contactedAt: null,
      createdAt: { $lt: new Date(Date.now() - RESPONSE_PROMISE_MS) },
    }),
  ]);

  await openDashboard(page);
  const card = page.getByRole('region', { name: AGENT.name });
  await expect(card).toContainText(AGENT.email);
  await expect(figure(card, 'Assigned')).toHaveText('4');
  await expect(figure(card, 'Active')).toHaveText('2');
  await expect(figure(card, 'Closed')).toHaveText('1');
  await expect(figure(card, 'Conversion')).toHaveText('25.0%');
  await expect(figure(card, 'Median time to claim')).toHaveText('40 min');

  const overall = page.getByRole('region', { name: 'Overall' });
  await expect(figure(overall, 'Total referrals')).toHaveText(String(total));
  await expect(figure(overall, 'Claimed')).toHaveText(String(claimed));
  await expect(figure(overall, 'Unclaimed')).toHaveText(String(total - claimed));
  await expect(figure(overall, 'Closed')).toHaveText(String(closed));
  await expect(figure(overall, 'Conversion')).toHaveText(`${(Math.round((closed / total) * 1000) / 10).toFixed(1)}%`);
  await expect(figure(overall, 'Overdue \\(24h promise\\)')).toHaveText(String(overdue));

  // One more lead that arrived 30 hours ago and nobody touched: the overdue count goes up by one.
  const late = await createLead({ name: `Dash ${run} Late`, email: `dash.${run}.late@example.com`, phone: '(720) 555-3999' });
  await writeAroundLeadModel((Lead) =>
    Lead.collection.updateOne({ _id: late._id }, { $set: { createdAt: new Date(Date.now() - 30 * 60 * MINUTE) } }),
  );
  await page.reload();
  await expect(figure(page.getByRole('region', { name: 'Overall' }), 'Overdue \\(24h promise\\)')).toHaveText(String(overdue + 1));
  await expect(figure(page.getByRole('region', { name: 'Overall' }), 'Total referrals')).toHaveText(String(total + 1));
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

test('the activity export downloads the CSV named by its dates, and a failure says so', async ({ page }) => {
  // One entry in January 2026 and one in February, both at noon in the brokerage's time zone.
  const exporter = `Exporter ${run}`;
  await db();
  await insertActivities(
    ['2026-01-15T19:00:00Z', '2026-02-15T19:00:00Z'].map((iso, i) => ({
      user: exporter,
      action: 'LEAD_CREATED' as const,
      timestamp: new Date(iso),
      details: { action: 'LEAD_CREATED', leadName: `Export ${run} ${i ? 'February' : 'January'}` },
    })),
  );
  await openDashboard(page);
  const { readFile } = await import('node:fs/promises');

  let download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  let file = await download;
  expect(file.suggestedFilename()).toBe('activity-logs-all-to-now.csv');
  const all = await readFile((await file.path())!, 'utf8');
  expect(all.split('\n')[0].toLowerCase()).toContain('action');
  expect(all.split('\n').filter((line) => line.includes(exporter))).toHaveLength(2);

  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await page.getByLabel('To', { exact: true }).fill('2026-01-31');
  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  file = await download;
  expect(file.suggestedFilename()).toBe('activity-logs-2026-01-01-to-2026-01-31.csv');
  const january = (await readFile((await file.path())!, 'utf8')).split('\n').filter((line) => line.includes(exporter));
  expect(january).toHaveLength(1);
  expect(january[0]).toContain(`Export ${run} January`);

  await page.route('**/api/admin/activity-logs/export**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Error exporting activity logs\. Please try again\./);
  // The message is in the page, not a browser alert, and can be dismissed.
  await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Error exporting activity logs. Please try again.')).toHaveCount(0);
});

test('a failed dashboard load is logged, and failed activity shows the empty state', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  // The tRPC calls that carry the stats or the activity (batched or not) never reach the server.
  await page.route(/\/trpc\/.*(leads\.stats|activity\.list)/, (route) => route.abort('failed'));
  await openDashboard(page);
  await expect(page.getByText('No recent activity to display')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => errors.some((e) => e.includes('Error loading dashboard')), { timeout: 20_000 }).toBe(true);
  // No figures, no browser alert, and the session is kept (only a 401 ends it).
  await expect(page.getByRole('region', { name: 'Overall' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a 401 on the dashboard ends the session and opens the login', async ({ page }) => {
  // The stats call goes out with a token the server refuses, so the server answers a real 401.
  await page.route(/\/trpc\/.*leads\.stats/, (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer not-a-valid-token' } }),
  );
  await signIn(page);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
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
