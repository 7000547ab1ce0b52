// Round robin and the escalation ladder (docs/product.md §11) in the browser: an admin turns round robin on and
// sets the return step to a few seconds on the Office settings page; a lead sent from the public form
// with a phone from a state one agent is licensed in shows in that agent's My work at once, its timeline
// says why; when the agent does not call it goes back to the pool with a timeline entry saying so.
// The ladder's minutes take fractions (3 s here), and the server's worker runs the ladder every 5 s.
import { expect, test, type Browser } from '@playwright/test';
import { E2E_ADMIN, ensureStaff, signIn } from './helpers.ts';
import { findLeadRecords } from '../models/leads/index.ts';
import { updateOfficeSettings } from '../models/flows/office-settings.ts';
import { StaffModel } from '../models/staff/accounts.ts';

const run = Date.now().toString(36);
/** A number of this run, so its leads are no duplicates of an earlier run's on a kept database. */
const line = String(Date.now() % 100).padStart(2, '0');

/** Each size has a state of its own, so the two runs never share an eligible agent. */
const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, state: 'MT', phone: `(406) 555-01${line}` },
  { name: 'phone', viewport: { width: 390, height: 844 }, state: 'WY', phone: `(307) 555-01${line}` },
];

/** Back to SPEC's behaviour for the rest of the suite: manual mode, no ladder. */
async function manualAgain() {
  await updateOfficeSettings(
    { assignmentMode: 'manual', escalation: { remindAfterMin: null, returnAfterMin: null, adminsAfterMin: null } },
    { id: 'e2e', name: 'e2e', email: E2E_ADMIN.email },
  );
}

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
});
test.afterEach(manualAgain);

/** The public form, sent by a visitor in a browser of their own. */
async function sendForm(browser: Browser, viewport: { width: number; height: number }, name: string, phone: string) {
  const visitor = await browser.newContext({ viewport });
  const site = await visitor.newPage();
  await site.goto('/contact');
  await site.getByLabel('Full name').fill(name);
  await site.getByLabel('Email').fill(`${name.replace(/\W/g, '').toLowerCase()}@example.com`);
  await site.getByLabel('Phone').fill(phone);
  await site.getByRole('button', { name: /Get My Free Consultation/ }).click();
  await expect(site.getByText('Thank You!')).toBeVisible();
  await visitor.close();
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport });

    test('round robin gives a form lead to the licensed agent at once, and escalation returns it to the pool', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const agentName = `Rob${size.state}${run}`;
      const agentEmail = `rob.${size.state.toLowerCase()}.${run}@e2e.local`;
      const agent = await ensureStaff({ name: agentName, email: agentEmail, isAgent: true });
      // The only agent licensed in the state (earlier runs of this test on a kept database included).
      await StaffModel.updateMany({ licensedStates: size.state }, { $pull: { licensedStates: size.state } });
      await StaffModel.updateOne({ _id: agent._id }, { $set: { licensedStates: [size.state], away: false, awayUntil: null } });

      // The admin turns round robin on and has unworked leads return after 3 seconds.
      await signIn(page);
      await page.goto('/admin/office');
      const saved = () => page.waitForResponse((r) => r.url().includes('office.updateSettings') && r.ok());
      await Promise.all([saved(), page.getByRole('radio', { name: 'Round robin' }).click()]);
      await expect(page.getByRole('radio', { name: 'Round robin' })).toBeChecked();
      // The form takes whole minutes from 1: a shorter step is refused beside its field, nothing saved.
      const returnAfter = page.getByLabel('Return to the pool after (minutes)');
      await returnAfter.fill('0.05');
      await page.getByRole('button', { name: 'Save escalation' }).click();
      await expect(page.getByText('At least 1 minute')).toBeVisible();
      await expect(returnAfter).toHaveAttribute('aria-invalid', 'true');
      await expect(returnAfter).toBeFocused();
      // A test needs seconds: set through the settings themselves, as an API caller could.
      await updateOfficeSettings(
        { escalation: { remindAfterMin: null, returnAfterMin: 0.05, adminsAfterMin: null } },
        { id: 'e2e', name: 'e2e', email: E2E_ADMIN.email },
      );
      await page.reload();
      await expect(page.getByLabel('Return to the pool after (minutes)')).toHaveValue('0.05');

      // The agent has My work open.
      const agentContext = await browser.newContext({ viewport: size.viewport });
      const work = await agentContext.newPage();
      await signIn(work, agentEmail);
      await work.goto('/admin/work');
      await expect(work.getByRole('heading', { name: 'My work', level: 1 })).toBeVisible();

      const name = `Zrr ${size.state} ${run}`;
      await sendForm(browser, size.viewport, name, size.phone);
      const item = work.getByText(name).first();
      await expect(item).toBeVisible({ timeout: 2000 });

      // Its timeline says why it went to this agent.
      const lead = (await findLeadRecords({ email: `${name.replace(/\W/g, '').toLowerCase()}@example.com` }))[0]!;
      expect(lead.claimedBy).toBe(agentName);
      const record = await agentContext.newPage();
      await record.goto(`/admin/leads/${String(lead._id)}`);
      await expect(record.getByText(`Assigned to ${agentName} by round robin: licensed in ${size.state}, available`)).toBeVisible();

      // Nobody calls: after the return step it leaves My work and is back in the pool, and the timeline says why.
      await expect(item).toBeHidden({ timeout: 20_000 });
      await expect(record.getByText(`Back to the pool: ${agentName} did not call within 3 seconds`)).toBeVisible({
        timeout: 5000,
      });
      await expect(
        record.getByText(`Returned by escalation. Left in the pool: no available agent licensed in ${size.state} besides ${agentName}`),
      ).toBeVisible();
      const after = (await findLeadRecords({ email: `${name.replace(/\W/g, '').toLowerCase()}@example.com` }))[0]!;
      expect(after.claimedBy ?? null).toBeNull();
      await agentContext.close();
    });
  });
}
