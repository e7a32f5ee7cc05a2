import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type CDPSession, type Page, request } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// Issue 23 (O-01, O-06): the first admin comes from `npm run admin:create`, enrols a passkey, signs out and
// in again with it, gives another staff member the operator role (after a step-up), and the audit log
// shows each step. Chromium's virtual authenticator stands in for a phone or security key.

const SCREENS = 'test-results/screens';
const PASSWORD = 'een lang genoeg wachtwoord';
const run = promisify(execFile);

// The back office asks /api/admin/me before sign-in (401, then the login page), a wrong password is a 401,
// and a change with an old second factor a 403 step_up_required (then the dialog asks for it).
test.use({ allowedConsoleErrors: [/status of 40[13]/] });

async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return cdp;
}

function withoutDatabaseUrl() {
  const { DATABASE_URL: _, ...env } = process.env;
  return env;
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('O-01 O-06 an admin from the command enrols a passkey, signs in with it, gives a role; the audit log shows it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `first-admin-${Date.now()}@vonk.test`;

  // The command opens the database as the server does; the e2e server holds this embedded database
  // (one process per DATA_DIR), so the command says so and stops ...
  const refused = await run(process.execPath, ['scripts/admin-create.ts', email], {
    env: { ...withoutDatabaseUrl(), DATA_DIR: process.env.E2E_DATA_DIR },
  }).then(
    () => null,
    (err: { code: number; stderr: string }) => err,
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain('stop it, run this command, start it again');
  // ... and the journey asks the running server to do the same (createAdmin) through /dev.
  const made = await page.request.post('/dev/admin-create', { data: { email, name: 'Eerste beheerder' } });
  expect(made.ok()).toBe(true);
  const { enrolUrl } = (await made.json()) as { enrolUrl: string };
  expect(enrolUrl).toMatch(new RegExp(`^${baseURL}/admin/enrol/[\\w-]{40,}$`));

  await virtualAuthenticator(page);
  await page.goto(enrolUrl);
  await expect(page.getByRole('heading', { name: 'Je backoffice-account instellen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'enrol-password');
  await page.getByLabel('Naam').fill('Ada Beheer');
  await page.getByLabel('Nieuw wachtwoord').fill('te kort');
  await page.getByLabel('Herhaal het wachtwoord').fill('te kort');
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('alert')).toHaveText('Kies een wachtwoord van minstens 12 tekens.');
  await page.getByLabel('Nieuw wachtwoord').fill(PASSWORD);
  await page.getByLabel('Herhaal het wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('button', { name: 'Passkey maken' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'enrol-factor');
  await page.getByRole('button', { name: 'Passkey maken' }).click();
  const codes = page.getByRole('list', { name: 'Herstelcodes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoAxeViolations(page);
  await shoot(page, 'enrol-codes');
  await page.getByRole('button', { name: 'Ik heb ze bewaard, verder' }).click();
  await expect(page.getByRole('heading', { name: 'Welkom, Ada Beheer' })).toBeVisible();

  // Sign out, and in again: password, then the passkey.
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoAxeViolations(page);
  await shoot(page, 'login');
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fstaff$/);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('niet het wachtwoord');
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mailadres of wachtwoord klopt niet.');
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('button', { name: 'Passkey gebruiken' })).toBeVisible();
  await shoot(page, 'login-factor');
  await page.getByRole('button', { name: 'Passkey gebruiken' }).click();
  // Back at the page asked for: the staff list.
  await expect(page.getByRole('heading', { name: 'Medewerkers' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/staff$/);

  // Another staff member (made directly, as another admin would have), given the operator role.
  const other = await request.newContext({ baseURL });
  const otherEmail = `support-${Date.now()}@vonk.test`;
  expect(
    (
      await other.post('/dev/staff', {
        data: { email: otherEmail, name: 'Sam Steun', grants: [{ role: 'support', siteId: null }] },
      })
    ).ok(),
  ).toBe(true);
  await other.dispose();
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: otherEmail });
  await expect(row).toContainText('Support');
  await expectNoAxeViolations(page);
  await shoot(page, 'staff');

  // The second factor is older than 10 minutes now: the change asks for the passkey again.
  expect(
    (await (await page.request.post('/dev/staff/factor-age', { data: { email, minutes: 11 } })).json())
      .sessions,
  ).toBe(1);
  await row.getByRole('button', { name: 'Rollen van Sam Steun' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rollen van Sam Steun' });
  await dialog.getByRole('combobox', { name: 'Rol 1', exact: true }).selectOption('operator');
  await shoot(page, 'staff-roles');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Bevestig met je tweede factor' });
  await expect(stepUp).toBeVisible();
  await shoot(page, 'step-up');
  await stepUp.getByRole('button', { name: 'Passkey gebruiken' }).click();
  await expect(stepUp).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Operator');
  await expect(row).not.toContainText('Support');

  // Inviting: the link is shown once.
  await page.getByRole('button', { name: 'Medewerker uitnodigen' }).click();
  const invite = page.getByRole('dialog', { name: 'Medewerker uitnodigen' });
  await invite.getByLabel('E-mailadres').fill(`nieuw-${Date.now()}@vonk.test`);
  await invite.getByLabel('Naam').fill('Nina Nieuw');
  await invite.getByRole('button', { name: 'Uitnodigen' }).click();
  const link = page.getByRole('dialog', { name: 'Uitnodiging gemaakt' }).getByRole('textbox');
  await expect(link).toHaveValue(/\/admin\/enrol\/[\w-]{40,}$/);
  await page.getByRole('button', { name: 'Sluiten' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Nina Nieuw' })).toContainText('Uitgenodigd');

  // The audit log shows each step.
  await page.getByRole('link', { name: 'Auditlog' }).click();
  await expect(page.getByRole('heading', { name: 'Auditlog' })).toBeVisible();
  const table = page.getByRole('table');
  for (const action of [
    'staff.create',
    'staff.enrol',
    'staff.sign_out',
    'staff.sign_in_failed',
    'staff.sign_in',
    'staff.step_up',
    'staff.roles',
    'staff.invite',
  ]) {
    await expect(table.getByText(action, { exact: true }).first()).toBeVisible();
  }
  // Filters live in the address.
  await page.getByLabel('Actie (begint met)').fill('staff.roles');
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page).toHaveURL(/action=staff.roles/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByText('Tonen').click();
  await expect(table).toContainText('"operator"');
  await expectNoAxeViolations(page);
  await page.getByLabel('Actie (begint met)').fill('staff.');
  await page.getByRole('button', { name: 'Filteren' }).click();
  await shoot(page, 'audit');
});
