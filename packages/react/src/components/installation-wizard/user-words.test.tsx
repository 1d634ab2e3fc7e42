import type { IntegrationDetails, MappingInput } from '@splice/schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import { jsonResponse, testWrapper } from '../../test-utils/test-provider.js';
import { connectedWizard, contactFields } from '../../test-utils/test-wizard.js';
import { InstallationWizard } from './installation-wizard.js';

/** The provider's fields with display names that differ from their API names, as real CRMs have them. */
const namedFields = contactFields.map((field) =>
  field.fieldName === 'status'
    ? { ...field, displayName: 'Lead Status' }
    : field.fieldName === 'lastName'
      ? { ...field, displayName: 'Last name' }
      : field.fieldName === 'score'
        ? { ...field, displayName: 'Lead score' }
        : field,
);

function namedWizard(supportsIfEmpty = true): IntegrationDetails {
  const base = connectedWizard();
  const supports = { readFilters: true, writeIfEmpty: supportsIfEmpty };
  return {
    ...base,
    readObjects: base.readObjects.map((object) =>
      object.objectName === 'contacts'
        ? {
            ...object,
            fields: namedFields,
            mappingInputs: object.mappingInputs.map((input) =>
              input.mapToName === 'surname' ? { ...input, mapToDisplayName: 'Surname' } : input,
            ),
          }
        : object,
    ),
    writeObjects: base.writeObjects.map((object) => ({ ...object, fields: namedFields, supports })),
  };
}

function renderWizard(wizard: IntegrationDetails) {
  // biome-ignore lint/suspicious/noExplicitAny: the posted JSON is checked by assertions
  const posts: any[] = [];
  const others = createFakeBff({ integration: wizard });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && String(input).includes('/installations')) {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return jsonResponse(
        {
          id: 'inst_7f3a9c',
          projectId: 'demo',
          integrationId: 'crm-sync',
          healthStatus: 'healthy',
          createTime: '2026-11-21T10:00:00.000Z',
          createdBy: 'consumer:ada',
          connection: wizard.connection,
          config: {
            id: 'c',
            revisionId: 'r',
            createTime: '2026-11-21T10:00:00.000Z',
            createdBy: 'x',
            content: {},
          },
        },
        201,
      );
    }
    return others(input, init);
  });
  const user = userEvent.setup();
  const { unmount } = render(<InstallationWizard integrationId="crm-sync" />, {
    wrapper: testWrapper(fetch),
  });
  return { user, posts, unmount };
}

const readChoice = (name: string) =>
  within(screen.getByRole('group', { name: /Records to read/ })).getByRole('checkbox', { name });

const next = async (user: ReturnType<typeof userEvent.setup>, heading: RegExp) => {
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByRole('heading', { name: heading });
};

describe('the wizard in the user’s words', () => {
  it('names the provider by its display name, never its id', async () => {
    renderWizard(namedWizard());
    await screen.findByRole('heading', { name: /Objects/ });
    expect(screen.getByRole('group', { name: 'Records to read from Sandbox CRM' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/sandboxcrm/);
  });

  it('the mapping box takes a display name or an API name and shows the display name', async () => {
    const { user } = renderWizard(namedWizard());
    await screen.findByRole('heading', { name: /Objects/ });
    await next(user, /Read Contacts/);
    const box = screen.getByRole('combobox', { name: /^Pipeline stage/ });
    await user.type(box, 'Lead Status');
    // A display name is accepted: no "not a field" error, and the value matches are offered.
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('won');
    await user.clear(box);
    await user.type(box, 'status');
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('won');
    await user.tab();
    expect(box).toHaveValue('Lead Status');
  });

  it("every mapping the review lists was shown on its step: the manifest's fixed ones too", async () => {
    const { user } = renderWizard(namedWizard());
    await screen.findByRole('heading', { name: /Objects/ });
    await next(user, /Read Contacts/);
    const mappings = screen.getByRole('group', { name: 'Match your fields' });
    expect(within(mappings).getByText('Always read from Last name.')).toBeInTheDocument();
    expect(within(mappings).getByText(/^Surname/)).toBeInTheDocument();
  });

  it('the review names fields, values and filters by display name, and shows no destination id', async () => {
    const { user, posts } = renderWizard(namedWizard());
    await screen.findByRole('heading', { name: /Objects/ });
    await next(user, /Read Contacts/);
    await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'Lead Status');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field 1' }), 'Lead Status');
    await user.selectOptions(screen.getByRole('combobox', { name: 'equals (1)' }), 'Customer');
    await next(user, /Read Deals/);
    await next(user, /Proxy/);
    await next(user, /Review and install/);
    const reads = screen.getByRole('region', { name: 'Reads' });
    expect(within(reads).getByText(/Pipeline stage ← Lead Status/)).toBeInTheDocument();
    expect(within(reads).getByText(/Surname ← Last name/)).toBeInTheDocument();
    expect(within(reads).getByText(/Only where Lead Status = Customer/)).toBeInTheDocument();
    expect(reads.textContent).not.toMatch(/stage ← status|surname|lastName|contactsWebhook/);
    await user.click(screen.getByRole('button', { name: 'Install' }));
    await screen.findByRole('heading', { name: /CRM sync is installed/ });
    // What is saved is still the API names.
    expect(posts[0].config.content.read.objects.contacts).toMatchObject({
      selectedFieldMappings: { stage: 'status' },
      fieldFilters: [{ fieldName: 'status', value: 'customer' }],
    });
  });

  it('the review lists the value matches chosen, per mapped name, in the user’s words', async () => {
    const { user } = renderWizard(namedWizard());
    await screen.findByRole('heading', { name: /Objects/ });
    await next(user, /Read Contacts/);
    await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'Lead Status');
    // Two CRM values for one of ours: Lead and Qualified are both New.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lead' }), 'New');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Qualified' }), 'New');
    await next(user, /Read Deals/);
    await next(user, /Proxy/);
    await next(user, /Review and install/);
    const contacts = within(screen.getByRole('region', { name: 'Reads' })).getAllByRole('listitem')[0];
    expect(contacts).toHaveTextContent('Contacts');
    expect(
      within(contacts as HTMLElement).getByText(
        'Values of Pipeline stage: New ← Lead / Qualified, Customer ← Customer',
      ),
    ).toBeInTheDocument();
  });

  it('says next to "Not mapped" what a CRM value left unmapped delivers, as the manifest decides', async () => {
    const withRule = (unmappedValues?: MappingInput['unmappedValues']): IntegrationDetails => {
      const base = namedWizard();
      return {
        ...base,
        readObjects: base.readObjects.map((object) => ({
          ...object,
          mappingInputs: object.mappingInputs.map((input) =>
            input.mapToName === 'stage' && unmappedValues ? { ...input, unmappedValues } : input,
          ),
        })),
      };
    };
    const cases: Array<[MappingInput['unmappedValues'], string]> = [
      [
        undefined,
        'Not mapped: a record with that value arrives with the Sandbox CRM value as its Pipeline stage.',
      ],
      [{ deliver: 'nothing' }, 'Not mapped: a record with that value arrives with no Pipeline stage.'],
      [
        { deliver: 'default', value: 'new' },
        'Not mapped: a record with that value arrives with New as its Pipeline stage.',
      ],
    ];
    for (const [rule, words] of cases) {
      const { user, unmount } = renderWizard(withRule(rule));
      await screen.findByRole('heading', { name: /Objects/ });
      await next(user, /Read Contacts/);
      await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'Lead Status');
      const values = screen.getByRole('group', { name: 'Match the values of Pipeline stage' });
      expect(within(values).getByText(words)).toBeInTheDocument();
      // A row left on "Not mapped" is described by the sentence; a mapped one is not.
      const churned = within(values).getByRole('combobox', { name: 'Churned' });
      expect(churned).toHaveValue('');
      expect(churned).toHaveAccessibleDescription(words);
      expect(within(values).getByRole('combobox', { name: 'Customer' })).not.toHaveAccessibleDescription(
        words,
      );
      unmount();
    }
  });

  it('errors name the field in the user’s words and say what to do', async () => {
    const { user } = renderWizard(namedWizard());
    await screen.findByRole('heading', { name: /Objects/ });
    await next(user, /Read Contacts/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      screen.getByText('Choose the Sandbox CRM field that holds Pipeline stage.', { exact: false }),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/sandboxcrm|holds stage/);
  });

  it('counts are singular or plural as they should be ("1 field")', async () => {
    const base = namedWizard();
    const { user } = renderWizard({
      ...base,
      readObjects: base.readObjects.map((o) =>
        o.objectName === 'deals'
          ? { ...o, manifest: { objectName: 'deals', enabled: 'always' as const } }
          : o,
      ),
    });
    await screen.findByRole('heading', { name: /Objects/ });
    await user.click(readChoice('Contacts'));
    await next(user, /Read Deals/);
    await user.click(screen.getByRole('checkbox', { name: /^amount/ }));
    expect(screen.getByText('1 of 2 fields selected')).toBeInTheDocument();
    await next(user, /Proxy/);
    await next(user, /Review and install/);
    expect(screen.getByText(/^1 field,/)).toBeInTheDocument();
  });

  it('the installed message gives no installation id to the user', async () => {
    const { user } = renderWizard(namedWizard());
    await screen.findByRole('heading', { name: /Objects/ });
    await next(user, /Read Contacts/);
    await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
    await next(user, /Read Deals/);
    await next(user, /Proxy/);
    await next(user, /Review and install/);
    await user.click(screen.getByRole('button', { name: 'Install' }));
    const installed = await screen.findByRole('status', { name: /CRM sync is installed/ });
    expect(installed.textContent).not.toMatch(/inst_7f3a9c|Installation ID/);
  });

  it('a new write default starts at "Only if empty" where the provider supports it', async () => {
    const { user, posts } = renderWizard(namedWizard(true));
    await screen.findByRole('heading', { name: /Objects/ });
    await user.click(readChoice('Contacts'));
    await user.click(within(screen.getByRole('group', { name: /Records to write/ })).getByRole('checkbox'));
    await next(user, /Read Deals/);
    await next(user, /Write Contacts/);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Field to set a default for' }),
      'Lead score',
    );
    await user.click(screen.getByRole('button', { name: 'Add default' }));
    expect(screen.getByRole('combobox', { name: 'When updating a record' })).toHaveValue('ifEmpty');
    await user.type(screen.getByLabelText('Default for Lead score'), '5');
    await next(user, /Proxy/);
    await next(user, /Review and install/);
    // The review says when the default is written, not only its value.
    expect(
      screen.getByText(/Lead score = 5 \(creating: Always write; updating: Only if empty\)/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    await screen.findByRole('heading', { name: /CRM sync is installed/ });
    expect(posts[0].config.content.write.objects.contacts.selectedFieldSettings.score).toMatchObject({
      writeOnUpdate: 'ifEmpty',
    });
  });

  it('without "only if empty" support the default stays on a choice the provider has', async () => {
    const { user } = renderWizard(namedWizard(false));
    await screen.findByRole('heading', { name: /Objects/ });
    await user.click(readChoice('Contacts'));
    await user.click(within(screen.getByRole('group', { name: /Records to write/ })).getByRole('checkbox'));
    await next(user, /Read Deals/);
    await next(user, /Write Contacts/);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Field to set a default for' }),
      'Lead score',
    );
    await user.click(screen.getByRole('button', { name: 'Add default' }));
    const onUpdate = screen.getByRole('combobox', { name: 'When updating a record' });
    expect(within(onUpdate).queryByRole('option', { name: 'Only if empty' })).toBeNull();
    expect(onUpdate).toHaveValue('always');
  });
});
