import type { Page } from '@playwright/test';
import { expect, generations, noJs, submit, test, type StandIn } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const CURSOR_FROM_THE_PAGE = noJs('without JavaScript the cursor is put in the first field to fill by the server’s HTML (autofocus), not by a script');
const INVITATION_READ = generations(
  'the invitation read (docs/provider-contract.md §2.16): useractions-srv/invitations/{id} on current tenants, users-srv/invite/info/{id} on legacy ones',
);
const INVITATION_AND_FIELD_LIST = generations(
  'the invitation read (docs/provider-contract.md §2.16): useractions-srv/invitations/{id} on current tenants, users-srv/invite/info/{id} on legacy ones; then the registration field list (§2.15)',
);

/**
 * Invitations (issue 34, item 2; docs/provider-contract.md §2.16): the link in the invitation
 * e-mail goes through the tenant to the client's initiate_login_uri (this deployment's
 * /auth/start), which starts an authorization for the register page; the page reads the
 * invitation (the current generation's 4.x read, the legacy generation's only read, each in its
 * own answer shape), fills it in and locks the address. Expired, used and unknown invitations get
 * their own state of the page.
 */
const PASSWORD = 'NewKitchen2027';
const ORGANISATION = 'Großküche Müller GmbH';
const fresh = (kind: string, js: boolean) =>
  `invited+${kind}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}@example.com`;

/** An invitation as the tenant's admin would send it; answers its link from the outbox. */
async function invite(page: Page, standin: StandIn, email: string, over: Record<string, string> = {}): Promise<string> {
  const response = await page.request.post(`${standin.url}/__standin/invitations`, {
    data: { email, given_name: 'Ida', family_name: 'Neumann', organisation: ORGANISATION, customFields: { customer_number: 'KD-204711' }, ...over },
  });
  expect(response.ok()).toBe(true);
  const sent = (await standin.outbox(email)).filter((m) => m.link);
  expect(sent).toHaveLength(1);
  return sent[0].link!;
}

const seeded = (standin: StandIn, id: string) => `${standin.url}/__standin/invitations/${id}/open`;

test(
  'an invitation link: the register page filled in, the address locked (also on the server), the organisation named, then signed in',
  INVITATION_AND_FIELD_LIST,
  async ({ page, standin, javaScriptEnabled, generation, expectAccessible }) => {
    const email = fresh('accept', javaScriptEnabled);
    const link = await invite(page, standin, email);
    await page.goto(link);
    // The invitation went into the flow cookie; the address bar keeps only the request.
    await expect(page).toHaveURL(/\/register\?requestId=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
    await expect(page.locator('#page-description')).toContainText(`${ORGANISATION} has invited you to create an account.`);
    await expect(page.locator('#email')).toHaveValue(email);
    await expect(page.locator('#email')).toHaveAttribute('readonly', '');
    await expect(page.locator('#email')).toHaveAccessibleDescription('Your invitation was sent to this address, so it cannot be changed here.');
    await expect(page.locator('#given_name')).toHaveValue('Ida');
    await expect(page.locator('#family_name')).toHaveValue('Neumann');
    await expect(page.locator('#customer_number')).toHaveValue('KD-204711');
    await expectAccessible(page);
    // The 4.x read answered on the current generation; the legacy one was asked only where it is the one served.
    const inviteId = /invitations\/([\w-]+)\/open/.exec(link)![1];
    const reads = (await standin.calls(inviteId)).map((c) => c.path.split('/').slice(0, 3).join('/'));
    expect(reads).toContain('/useractions-srv/invitations');
    expect(reads.includes('/users-srv/invite')).toBe(generation === 'legacy');

    // Another address forced into the field (the lock removed) is not what gets registered.
    await page.locator('#email').evaluate((input: HTMLInputElement) => {
      input.removeAttribute('readonly');
      input.value = 'mallory@example.com';
    });
    await page.locator('#password').fill(PASSWORD);
    await page.locator('#password_echo').fill(PASSWORD);
    await page.locator('#business_type').selectOption('hotel');
    await page.getByRole('radio', { name: 'By e-mail' }).check();
    if (generation === 'legacy') await page.getByRole('checkbox', { name: /^I accept the terms of use/ }).check();
    await submit(page, 'Register');

    // Registered with the invited address, and signed in with the password just chosen: no e-mail or
    // password step again (without JavaScript "Registration complete" waits for Continue).
    if (!javaScriptEnabled) {
      await expect(page).toHaveURL(/\/register-success\?requestId=[\w-]+$/);
      await expect(page.locator('#page-description')).toHaveText('Your account has been created. You are being signed in.');
      await submit(page, 'Continue');
    }
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    const registered = await standin.calls('/users-srv/register');
    expect(registered.map((c) => c.path)).toContain(`/users-srv/register?invite_id=${inviteId}`);

    // The link again: used up.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation has already been used');
  },
);

test('the register page opened with inviteId (the other spelling) reads the same invitation', INVITATION_READ, async ({ page, standin, javaScriptEnabled }) => {
  const email = fresh('spelling', javaScriptEnabled);
  const link = await invite(page, standin, email);
  const inviteId = /invitations\/([\w-]+)\/open/.exec(link)![1];
  await page.goto('/');
  await expect(page).toHaveURL(/[?&]requestId=/);
  const requestId = new URL(page.url()).searchParams.get('requestId')!;
  await page.goto(`/register?requestId=${requestId}&inviteId=${inviteId}`);
  await expect(page).toHaveURL(`/register?requestId=${requestId}`);
  await expect(page.locator('#email')).toHaveValue(email);
  await expect(page.locator('#email')).toHaveAttribute('readonly', '');
});

test('an expired invitation: its own page, naming whom to ask for a new one', INVITATION_READ, async ({ page, standin, expectAccessible }) => {
  await page.goto(seeded(standin, 'invite-demo-expired-0001'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation has expired');
  await expect(page.getByText('Please ask Anna Schmidt at Großküche Müller GmbH for a new invitation.')).toBeVisible();
  await expect(page.locator('main form')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('a used invitation: its own page, sign in from there', INVITATION_READ, async ({ page, standin, expectAccessible }) => {
  await page.goto(seeded(standin, 'invite-demo-used-0001'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation has already been used');
  await expect(page.getByText('If you have already registered with it, sign in.', { exact: false })).toBeVisible();
  await expect(page.getByText('Otherwise, please ask Jonas Weber at Großküche Müller GmbH for a new invitation.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('an unknown invitation: its own page, not the error page', INVITATION_READ, async ({ page, standin, expectAccessible }) => {
  await page.goto(seeded(standin, 'invite-nobody-00000000'));
  await expect(page).toHaveURL(/\/register\?requestId=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation is not valid');
  await expect(page.getByText('The link may be incomplete, or the invitation may have been withdrawn.', { exact: false })).toBeVisible();
  await expectAccessible(page);
});

test(
  'the first field to fill in has the cursor (the names came with the invitation: the password), and the locked address looks read-only in the dark',
  CURSOR_FROM_THE_PAGE,
  async ({ page, standin, javaScriptEnabled }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(await invite(page, standin, fresh('focus', javaScriptEnabled)));
    await expect(page.locator('#email')).toHaveAttribute('readonly', '');
    await expect(page.locator('#password')).toBeFocused();
    // As the password step's identity box: the read-only ground, no field border.
    const look = await page.locator('#email').evaluate((input) => {
      const style = getComputedStyle(input);
      const probe = document.createElement('div');
      probe.style.background = 'var(--readonly-bg)';
      document.body.append(probe);
      const readonly = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return { background: style.backgroundColor, readonly, border: style.borderTopColor };
    });
    expect(look.background).toBe(look.readonly);
    expect(look.border).toBe('rgba(0, 0, 0, 0)');
  },
);

test('the same invitation opened twice, or a new one after an expired one: its form again, never "Another sign-in is in progress"', async ({
  page,
  standin,
  javaScriptEnabled,
}) => {
  const email = fresh('twice', javaScriptEnabled);
  const link = await invite(page, standin, email);
  await page.goto(link);
  await expect(page.locator('#email')).toHaveValue(email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/register\?requestId=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
  await expect(page.locator('#email')).toHaveValue(email);

  await page.goto(seeded(standin, 'invite-demo-expired-0001'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation has expired');
  const next = fresh('after-expired', javaScriptEnabled);
  await page.goto(await invite(page, standin, next));
  await expect(page).toHaveURL(/\/register\?requestId=[\w-]+$/);
  await expect(page.locator('#email')).toHaveValue(next);
});

test(
  'an invitation whose address this product cannot read: refused with what to do, no form with a free address field',
  INVITATION_READ,
  async ({ page, standin, javaScriptEnabled, expectAccessible }) => {
    const link = await invite(page, standin, fresh('unreadable', javaScriptEnabled), { addressKey: 'recipientAddress' });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation cannot be used here');
    await expect(page.getByText(`Please ask your contact at ${ORGANISATION} for a new invitation.`)).toBeVisible();
    await expect(page.locator('main form')).toHaveCount(0);
    await expectAccessible(page);
  },
);
