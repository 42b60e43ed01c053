import { afterEach, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, waitForMail } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { signUpOwnShop } from './support/own-shop';
import { callApi } from './support/page-helpers';

// Someone who has a Dukani account at another shop (issue 20): the demo owner's temporary password
// is refused for them, so a link goes (by e-mail, and by SMS to the phone given); they accept it
// with the password they already have (a wrong one is refused on the page) and land in the demo
// shop, while their own shop still signs them in with that password.
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const PAGE = { viewport: { width: 1366, height: 768 }, cookieConsent: 'accepted' as const };
const PHONE = '+254711222333';

it('the owner of another shop is invited to the demo shop by link and joins with the password they have', async () => {
  // Their own shop, signed up with the password they keep.
  const { owner: PERSON, password: PASSWORD } = await signUpOwnShop(session, 'elsewhere', PAGE);

  const owner = await session.openPage(PAGE);
  await signInThroughForm(owner, ACCOUNTS.owner);
  await owner.goto(appUrl('/admin/team', 'demo'));
  await owner.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
  await owner.getByRole('button', { name: 'Invite' }).first().click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Full name').fill(PERSON.fullName);
  await dialog.getByLabel('E-mail').fill(PERSON.email);
  await dialog.getByLabel('Phone (optional)').fill('0711 222 333');
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await dialog.getByText('This person already has a Dukani account, so you cannot set their password. Send them an invitation link instead.').waitFor();
  const sentAfter = new Date(Date.now() - 1000).toISOString();
  await dialog.getByLabel('How they join').selectOption('link');
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await dialog.waitFor({ state: 'detached' });

  const mail = await waitForMail(PERSON.email, 'team_invitation', sentAfter);
  expect(mail.subject).toMatch(/^Wanjiku Kamau invited you to join /);
  const link = /https?:\/\/\S+accept-invitation\S+/.exec(mail.text)![0];
  const messages = await callApi<{ items: Array<{ kind: string; recipient: string; body: string }> }>(owner, 'GET', `/api/communications/messages?q=${encodeURIComponent(PHONE)}`);
  expect(messages.items[0]).toMatchObject({ kind: 'team_invitation', recipient: PHONE });
  expect(messages.items[0]!.body).toContain(link);

  const invitee = await session.openPage(PAGE);
  await invitee.goto(link);
  await invitee.getByText(`You have a Dukani account as ${PERSON.email}: enter its password to join.`, { exact: false }).waitFor();
  const form = invitee.getByRole('form', { name: 'Join the team' });
  // No new password to choose.
  expect(await form.getByLabel('Confirm password').count()).toBe(0);
  await form.getByLabel('Password', { exact: true }).fill('Not-My-Password-1');
  await form.getByRole('button', { name: 'Accept and sign in' }).click();
  await form.getByText('This is not the password of your Dukani account.', { exact: false }).waitFor();
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Accept and sign in' }).click();
  await invitee.waitForURL((url) => url.hostname.startsWith('demo.') && url.pathname.startsWith('/admin'));
  const me = await callApi<{ user: { email: string; role: string; requirePasswordChange: boolean } }>(invitee, 'GET', '/api/auth/session');
  expect(me.user).toMatchObject({ email: PERSON.email, role: 'cashier', requirePasswordChange: false });

  // Their own shop still signs them in with the same password.
  const back = await session.openPage(PAGE);
  await signInThroughForm(back, PERSON, PASSWORD);
  expect(new URL(back.url()).hostname.startsWith(`${PERSON.subdomain}.`)).toBe(true);
});
