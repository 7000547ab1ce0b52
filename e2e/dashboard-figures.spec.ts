// The Performance Dashboard's figures in the browser (docs/product.md §2, §9): an agent's card and the
// overall card against the leads behind them, and the figures that open those leads. The database is shared
// by the whole suite: this file makes its own agent and leads.
import { expect, test } from '@playwright/test';
import { db, signIn, run, withStaff, openDashboard, figure } from './helpers.ts';
import { createLead, countLeads } from '../models/leads/index.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';
import { RESPONSE_PROMISE_MS } from '../schemas/lead.ts';

const AGENT = { name: `Dana ${run}`, email: `dana.${run}@e2e.local` };
withStaff({ ...AGENT, isAgent: true });
const MINUTE = 60_000;

test.use({ timezoneId: 'America/Denver' });

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

test('the dashboard figures open the unclaimed and the overdue leads, oldest first', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/dashboard');
  const overall = page.getByRole('region', { name: 'Overall' });
  await expect(overall.getByRole('link', { name: /unclaimed: show these leads/ })).toHaveAttribute(
    'href',
    '/admin/leads?tab=unclaimed&order=asc',
    { timeout: 15_000 },
  );
  await expect(overall.getByRole('link', { name: /overdue .*: show these leads/ })).toHaveAttribute(
    'href',
    '/admin/leads?order=asc&overdue=1',
  );
  await overall.getByRole('link', { name: /unclaimed: show these leads/ }).click();
  await expect(page).toHaveURL('/admin/leads?tab=unclaimed&order=asc');
});
