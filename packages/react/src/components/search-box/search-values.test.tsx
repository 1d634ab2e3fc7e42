import type { IntegrationDetails } from '@splice/schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../client/transport.js';
import { jsonResponse, testWrapper } from '../../test-utils/test-provider.js';
import { installedWizard } from '../../test-utils/test-wizard.js';
import { SearchBox } from './search-box.js';

/** The BFF: the installed wizard (stage mapped to the status picklist, New -> lead, Customer -> customer). */
function setup(details: IntegrationDetails = installedWizard(), results: unknown[] = []) {
  const sent: unknown[] = [];
  const fetch = vi.fn<FetchLike>(async (url, init) => {
    if (String(url).endsWith('/search')) {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse({ results });
    }
    return jsonResponse(details);
  });
  const Wrapper = testWrapper(fetch);
  render(
    <Wrapper>
      <SearchBox integrationId="crm-sync" />
    </Wrapper>,
  );
  return { sent };
}

async function condition(field: string) {
  await screen.findByRole('combobox', { name: 'Object' });
  await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
  const row = screen.getByRole('group', { name: 'Condition 1' });
  await userEvent.selectOptions(within(row).getByRole('combobox', { name: 'Field' }), field);
  return row;
}

describe('SearchBox values', () => {
  it('a value-mapped field offers the user’s values and sends the provider’s value', async () => {
    const { sent } = setup();
    const row = await condition('Pipeline stage');
    const value = within(row).getByRole('combobox', { name: 'Value' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a value', 'New', 'Customer']);
    await userEvent.selectOptions(value, 'Customer');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No records match these conditions.');
    // Translated as the mapping says, before the query leaves: the provider field and its value.
    expect(sent).toEqual([
      expect.objectContaining({ fieldFilters: [{ fieldName: 'status', operator: 'eq', value: 'customer' }] }),
    ]);
  });

  it('an app value standing for several CRM values goes out as the app value, and results show it', async () => {
    // Customer (won) stands for both the CRM's customer and qualified: no one CRM value can be sent.
    const details = installedWizard();
    const contacts = details.installation?.config.content.read?.objects.contacts;
    if (!contacts) throw new Error('installedWizard reads no contacts');
    contacts.selectedValueMappings = { stage: { new: 'lead', won: ['customer', 'qualified'] } };
    const found = (id: string, status: string) => ({
      id,
      fields: { status },
      mappedFields: { stage: 'won' },
      raw: {},
    });
    const { sent } = setup(details, [found('c-1', 'customer'), found('c-2', 'qualified')]);
    const row = await condition('Pipeline stage');
    const value = within(row).getByRole('combobox', { name: 'Value' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a value', 'New', 'Customer']);
    await userEvent.selectOptions(value, 'Customer');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Results for Contacts' });
    // The service, which knows the mapping, finds records holding any of the CRM values.
    expect(sent).toEqual([
      expect.objectContaining({ fieldFilters: [{ fieldName: 'stage', operator: 'eq', value: 'won' }] }),
    ]);
    const stages = within(table)
      .getAllByRole('cell')
      .filter((cell) => cell.getAttribute('data-label') === 'Pipeline stage');
    expect(stages.map((cell) => cell.textContent)).toEqual(['Customer', 'Customer']);
  });

  it('a provider picklist field offers its values by display name, as the wizard does', async () => {
    const { sent } = setup();
    const row = await condition('status');
    const value = within(row).getByRole('combobox', { name: 'Value' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a value', 'Lead', 'Qualified', 'Customer', 'Churned']);
    await userEvent.selectOptions(value, 'Qualified');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No records match these conditions.');
    expect(sent).toEqual([
      expect.objectContaining({
        fieldFilters: [{ fieldName: 'status', operator: 'eq', value: 'qualified' }],
      }),
    ]);
  });
});
