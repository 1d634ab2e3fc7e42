import type { IntegrationDetails } from '@splice/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import { jsonResponse, testWrapper } from '../../test-utils/test-provider.js';
import { contactFields, testWizard } from '../../test-utils/test-wizard.js';
import { InstallationWizard } from './installation-wizard.js';

const installation = {
  id: 'inst_1',
  projectId: 'demo',
  integrationId: 'crm-sync',
  healthStatus: 'healthy',
  createTime: '2026-11-21T10:00:00.000Z',
  createdBy: 'consumer:alice',
  connection: {},
  config: {
    id: 'cfg',
    revisionId: 'rev',
    createTime: '2026-11-21T10:00:00.000Z',
    createdBy: 'consumer:alice',
    content: {},
  },
};

const connected = { id: 'conn-acme', status: 'working' } as unknown as IntegrationDetails['connection'];

/** The shared stand-in BFF, with this file's answer to the install and a record of what was posted. */
function fakeBff(wizard: IntegrationDetails, onInstall: (body: unknown) => Response | Promise<Response>) {
  // biome-ignore lint/suspicious/noExplicitAny: the posted JSON is checked by assertions
  const posts: Array<{ body: any; headers: Headers }> = [];
  const others = createFakeBff({ integration: wizard });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST' && url.includes('/installations')) {
      const body = JSON.parse(String(init.body));
      posts.push({ body, headers: new Headers(init.headers) });
      return onInstall(body);
    }
    return others(input, init);
  });
  return { fetch, posts };
}

function renderWizard(
  wizard: IntegrationDetails,
  onInstall: (body: unknown) => Response | Promise<Response> = () => jsonResponse(installation, 201),
) {
  const bff = fakeBff(wizard, onInstall);
  const user = userEvent.setup();
  render(<InstallationWizard integrationId="crm-sync" />, { wrapper: testWrapper(bff.fetch) });
  return { ...bff, user };
}

async function toContactsStep(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: /Objects/ });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: /Read Contacts/ });
}

describe('InstallationWizard', () => {
  it('walks every step and installs the config the choices stand for', async () => {
    const { user, posts } = renderWizard(testWizard({ connection: connected }));
    await toContactsStep(user);
    await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
    // Picking a picklist field suggests value matches by closest name: the CRM's Customer -> Customer.
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('won');
    await user.click(screen.getByRole('button', { name: 'Use a different history for Contacts' }));
    await user.click(screen.getByRole('radio', { name: /Full history/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Deals/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Proxy/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Review and install/ });
    expect(screen.getByText(/stage ← status/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Install' }));

    await screen.findByRole('heading', { name: /CRM sync is installed/ });
    expect(posts).toHaveLength(1);
    const contacts = posts[0]?.body.config.content.read.objects.contacts;
    expect(contacts).toMatchObject({
      selectedFieldMappings: { stage: 'status' },
      selectedValueMappings: { stage: { won: 'customer' } },
      backfill: { defaultPeriod: { fullHistory: true } },
    });
    expect(posts[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  }, 20_000); // Eight steps of typing: slow on a loaded CI machine.

  it('one history choice applies to every object; one object can take its own, shown as the exception, and undo it', async () => {
    const { user, posts } = renderWizard(testWizard({ connection: connected }));
    await screen.findByRole('heading', { name: /Objects/ });
    const shared = screen.getByRole('group', { name: 'Past records to read first, for every object' });
    await user.click(within(shared).getByRole('radio', { name: /Full history/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
    expect(screen.getByText('Past records: the full history, as for every object.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Full history/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Deals/ });
    // Deals takes the last 7 days instead, then goes back to the shared choice, then takes none.
    await user.click(screen.getByRole('button', { name: 'Use a different history for Deals' }));
    await user.click(screen.getByRole('radio', { name: /Recent history/ }));
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(screen.getByText('Deals: the last 7 days instead of the full history')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use the same as every object (the full history)' }));
    expect(screen.getByText('Past records: the full history, as for every object.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a different history for Deals' }));
    await user.click(screen.getByRole('radio', { name: /No backfill/ }));
    expect(screen.getByText('Deals: no history instead of the full history')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Proxy/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Review and install/ });
    // The review says per object what each will import, as the status will.
    expect(screen.getByRole('region', { name: 'Reads' })).toHaveTextContent(
      /Contacts.*the full history.*Deals.*no history/,
    );
    await user.click(screen.getByRole('button', { name: 'Install' }));
    await screen.findByRole('heading', { name: /CRM sync is installed/ });
    const objects = posts[0]?.body.config.content.read.objects;
    expect(objects.contacts.backfill).toEqual({ defaultPeriod: { fullHistory: true } });
    expect(objects.deals.backfill).toEqual({ defaultPeriod: { days: 0 } });
  }, 30_000);

  it('blocks the step while a required mapping is unmapped, saying so next to the field', async () => {
    const { user } = renderWizard(testWizard({ connection: connected }));
    await toContactsStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const input = screen.getByRole('combobox', { name: /^Pipeline stage/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(screen.getByText(/Choose the Sandbox CRM field that holds Pipeline stage/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Read Contacts/ })).toBeInTheDocument();
  });

  it('points out a mapping to no known field when the user leaves the box, before Next', async () => {
    const { user } = renderWizard(testWizard({ connection: connected }));
    await toContactsStep(user);
    const input = screen.getByRole('combobox', { name: /^Pipeline stage/ });
    await user.type(input, 'Stagee');
    expect(screen.queryByText(/is not a field of/)).not.toBeInTheDocument();
    await user.tab();
    expect(
      screen.getByText('Choose a field from the list: “Stagee” is not a field of Contacts.'),
    ).toBeVisible();
    expect(input).toHaveValue('Stagee');
  });

  it('refuses an invalid cron with a message, and previews a valid one', async () => {
    const { user } = renderWizard(testWizard({ connection: connected }));
    await toContactsStep(user);
    const cron = screen.getByLabelText('Cron expression');
    await user.clear(cron);
    await user.type(cron, '0 9 * * 1');
    expect(screen.getByText(/Next runs/)).toBeInTheDocument();
    await user.clear(cron);
    await user.type(cron, '61 * * * *');
    expect(screen.getByText(/Not a valid schedule/)).toBeInTheDocument();
  });

  it('checks "Custom (cron)" when it is chosen while the expression still equals a preset', async () => {
    const { user } = renderWizard(testWizard({ connection: connected }));
    await toContactsStep(user);
    const schedule = screen.getByRole('group', { name: 'How often to read' });
    const custom = within(schedule).getByRole('radio', { name: 'Custom (cron)' });
    const preset = within(schedule).getByRole('radio', { checked: true });
    await user.click(custom);
    expect(custom).toBeChecked();
    expect(preset).not.toBeChecked();
    // The expression is kept as the start of the custom one; a preset can be picked again.
    expect(screen.getByLabelText('Cron expression')).not.toHaveValue('');
    await user.click(preset);
    expect(preset).toBeChecked();
    expect(custom).not.toBeChecked();
  });

  it('keeps every choice when going back and forth', async () => {
    const { user } = renderWizard(testWizard({ connection: connected }));
    await toContactsStep(user);
    await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
    await user.click(screen.getByRole('checkbox', { name: /Pause reading Contacts/ }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: /Objects/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('combobox', { name: /^Pipeline stage/ })).toHaveValue('status');
    expect(screen.getByRole('checkbox', { name: /Pause reading Contacts/ })).toBeChecked();
  });

  it('puts a 422 issue on the step and field it names, keeping what the user typed', async () => {
    const { user } = renderWizard(testWizard({ connection: connected }), () =>
      jsonResponse(
        {
          type: 'urn:problem-type:sample-read-failed',
          title: 'Sample read failed',
          status: 422,
          detail: 'The sample read refused the config.',
          issues: [
            {
              type: 'urn:problem-type:sample-read-failed',
              in: 'body',
              name: 'config.content.read.objects.contacts.selectedFieldMappings.stage',
              detail: 'The provider has no field "status" visible to the connected user.',
              value: 'status',
            },
          ],
        },
        422,
      ),
    );
    await toContactsStep(user);
    await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
    for (const heading of [/Read Deals/, /Proxy/, /Review and install/]) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByRole('heading', { name: heading });
    }
    await user.click(screen.getByRole('button', { name: 'Install' }));

    await screen.findByRole('heading', { name: /Read Contacts/ });
    const input = screen.getByRole('combobox', { name: /^Pipeline stage/ });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveValue('status');
    expect(
      screen.getByText('The provider has no field "status" visible to the connected user.'),
    ).toBeInTheDocument();
  });

  it('installs once for a double click', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, posts } = renderWizard(
      testWizard({
        connection: connected,
        readObjects: testWizard().readObjects.filter((o) => o.enabledAlways),
      }),
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await screen.findByRole('heading', { name: /Objects/ });
    for (const heading of [/Read Deals/, /Proxy/, /Review and install/]) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByRole('heading', { name: heading });
    }
    const install = screen.getByRole('button', { name: 'Install' });
    await user.dblClick(install);
    await user.click(install);
    answer(jsonResponse(installation, 201));
    await screen.findByRole('heading', { name: /is installed/ });
    expect(posts).toHaveLength(1);
  });

  it('opens on the connect step when the group has no connection: no dead end', async () => {
    renderWizard(
      testWizard({
        connection: null,
        readObjects: testWizard().readObjects.map((o) => ({
          ...o,
          fields: [],
          fieldsError: 'Group "initech" has no sandboxcrm connection.',
        })),
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Connect your Sandbox CRM account' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect Sandbox CRM' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('shows the existing installation instead of a second install', async () => {
    renderWizard(
      testWizard({
        connection: connected,
        installation: installation as unknown as IntegrationDetails['installation'],
      }),
    );
    expect(await screen.findByRole('heading', { name: /CRM sync is installed/ })).toBeInTheDocument();
    // Written as the schedules write their times: in UTC, named so, to the minute.
    expect(screen.getByText(/Installed on/)).toHaveTextContent('Installed on Nov 21, 2026, 10:00 AM UTC.');
  });

  it('windows a list of 2,000 fields and filters it as the user types', async () => {
    const many = Array.from({ length: 2_000 }, (_, i) => ({
      fieldName: `custom_${i}`,
      displayName: `Custom field ${i}`,
      valueType: 'string' as const,
    }));
    const base = testWizard();
    const wizard = testWizard({
      connection: connected,
      readObjects: base.readObjects.map((o) =>
        o.objectName === 'contacts' ? { ...o, fields: [...contactFields, ...many] } : o,
      ),
    });
    const { user } = renderWizard(wizard);
    await toContactsStep(user);
    const list = screen.getByRole('region', { name: 'Fields to read (Contacts)' });
    expect(list).toHaveAttribute('data-state', 'windowed');
    expect(within(list).getAllByRole('checkbox').length).toBeLessThan(60);
    await user.type(screen.getByLabelText('Filter fields'), 'Custom field 1999');
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Fields to read (Contacts)' })).getAllByRole('checkbox'),
      ).toHaveLength(1),
    );
  });
});
