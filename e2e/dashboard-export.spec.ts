// The dashboard's activity export in the browser (docs/product.md §9): the CSV named by its dates, and a
// failure said in the page.
import { expect, test } from '@playwright/test';
import { db, run, openDashboard } from './helpers.ts';
import { insertActivities } from '../models/activity/log.ts';

test.use({ timezoneId: 'America/Denver' });

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
