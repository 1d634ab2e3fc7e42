import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { users } from '../support/users.js';

test('POST /demo/sign-in sets an HttpOnly, SameSite=Lax session cookie that the page and the BFF honour', async ({
  page,
  context,
}) => {
  const response = await page.request.post('/demo/sign-in', { data: { user: users.bob.id } });
  expect(response.status()).toBe(200);
  expect((await response.json()).user).toMatchObject({
    id: users.bob.id,
    groupRef: 'globex',
    orgId: 'org-demo',
  });

  const cookie = (await context.cookies()).find((c) => c.name === 'demo_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  // The BFF resolves the group from that cookie: the wizard's data names Bob's connection.
  const integration = await page.request.get('/api/integrations/salesforce-sync');
  expect(integration.status()).toBe(200);
  expect((await integration.json()).connection).toMatchObject({
    id: 'conn-globex-salesforce',
    provider: 'salesforce',
  });

  await page.goto('/');
  await expect(page.getByRole('banner').getByText('Globex · group globex')).toBeVisible();
});

test('POST /demo/sign-in refuses an unknown user with a problem naming the field, and sets no cookie', async ({
  page,
  context,
}) => {
  const response = await page.request.post('/demo/sign-in', { data: { user: 'mallory@evil' } });
  expect(response.status()).toBe(400);
  expect(response.headers()['content-type']).toContain('application/problem+json');
  expect((await response.json()).issues).toEqual([
    expect.objectContaining({ name: 'user', in: 'body', value: 'mallory@evil' }),
  ]);
  expect((await context.cookies()).some((c) => c.name === 'demo_session')).toBe(false);
  expect((await page.request.get('/api/integrations/salesforce-sync')).status()).toBe(401);
});

test('sign-in refuses a cross-site page and a non-JSON body (login CSRF)', async ({ page, context }) => {
  const crossSite = await page.request.post('/demo/sign-in', {
    data: { user: users.alice.id },
    headers: { Origin: 'http://evil.example' },
  });
  expect(crossSite.status()).toBe(403);
  const form = await page.request.post('/demo/sign-in', { form: { user: users.alice.id } });
  expect(form.status()).toBe(415);
  expect((await context.cookies()).some((c) => c.name === 'demo_session')).toBe(false);
});

test('POST /demo/sign-out ends the session for the page and the BFF', async ({ page }) => {
  await page.request.post('/demo/sign-in', { data: { user: users.carol.id } });
  expect((await page.request.get('/api/integrations/salesforce-sync')).status()).toBe(200);

  const response = await page.request.post('/demo/sign-out', { data: {} });
  expect(response.status()).toBe(200);
  expect((await page.request.get('/api/integrations/salesforce-sync')).status()).toBe(401);
  expect((await (await page.request.get('/demo/session')).json()).user).toBeNull();
});

test('a visit through another name for the host is sent to the one allowed origin', async ({ page }) => {
  const { port } = servers.shared;
  await page.goto(`http://localhost:${port}/#/team`);
  await expect(page).toHaveURL(`${servers.shared.url}/#/team`);
});
