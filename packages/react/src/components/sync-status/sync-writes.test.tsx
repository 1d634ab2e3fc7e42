import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import { syncStatusFixture, upToDateObject, writtenContacts } from '../../test-utils/sync-status-fixture.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { SyncStatus } from './sync-status.js';

function renderWith(status: ReturnType<typeof syncStatusFixture>) {
  const Wrapper = testWrapper(createFakeBff({ status }));
  render(
    <Wrapper>
      <SyncStatus integrationId="crm-sync" />
    </Wrapper>,
  );
}

describe('SyncStatus: writes', () => {
  it('shows records written today per written object and the last failure with its reason', async () => {
    renderWith({ ...syncStatusFixture([upToDateObject]), writes: [writtenContacts] });
    const writes = await screen.findByRole('region', { name: 'Written to your CRM' });
    // Named apart from the same object's read, which is "Contacts" alone.
    const contacts = within(writes).getByRole('listitem', { name: 'Contacts Written to your CRM' });
    expect(within(contacts).getByText('Records written today').nextSibling).toHaveTextContent('1,312');
    expect(within(contacts).getByText('Not written today').nextSibling).toHaveTextContent('2');
    expect(contacts).toHaveTextContent(writtenContacts.lastFailure!.reason);
  });

  it('shows no writes section where the server reports none', async () => {
    renderWith(syncStatusFixture([upToDateObject]));
    await screen.findByRole('heading', { name: 'companies' });
    expect(screen.queryByRole('region', { name: 'Written to your CRM' })).toBeNull();
  });
});
