import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogFixture } from '../../test-utils/catalog-fixture.js';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import type { IntegrationsCatalogProps } from './integrations-catalog.js';
import { IntegrationsCatalog } from './integrations-catalog.js';

function renderCatalog(scenario: FakeBffScenario, props: IntegrationsCatalogProps = {}) {
  const Wrapper = testWrapper(createFakeBff(scenario));
  render(
    <Wrapper>
      <IntegrationsCatalog {...props} />
    </Wrapper>,
  );
  return userEvent.setup();
}

const entry = (name: string) => within(screen.getByRole('listitem', { name }));

describe('IntegrationsCatalog', () => {
  it('lists every integration with its provider and states in words, and links each next step', async () => {
    renderCatalog({}, { stepHref: (step, e) => `/app/${e.name}/${step}` });
    const list = await screen.findByRole('list', { name: 'Integrations' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-installation')),
    ).toEqual(['installed', 'not_installed', 'not_installed', 'paused', 'unhealthy']);
    expect(entry('Ticket sync').getByText('Connects to Helpdesk')).toBeInTheDocument();
    expect(entry('Ticket sync').getByText('Not connected')).toBeInTheDocument();
    expect(entry('Ticket sync').getByRole('link', { name: 'Connect Ticket sync' })).toHaveAttribute(
      'href',
      '/app/ticket-sync/connect',
    );
    expect(entry('Deal feed').getByText('Connected')).toBeInTheDocument();
    expect(entry('Deal feed').getByText('Not installed')).toBeInTheDocument();
    expect(entry('Deal feed').getByRole('link', { name: 'Install Deal feed' })).toHaveTextContent('Install');
    expect(entry('CRM sync').getByRole('link', { name: 'Settings of CRM sync' })).toBeInTheDocument();
    expect(entry('Company sync').getByText('Paused: nothing is read')).toBeInTheDocument();
    // A broken connection comes before anything else: the step is reconnecting, whatever is installed.
    expect(entry('Lead sync').getByText(/Needs reconnecting/)).toBeInTheDocument();
    expect(entry('Lead sync').getByText('Installed, but its reads or deliveries fail')).toBeInTheDocument();
    expect(entry('Lead sync').getByRole('link', { name: 'Reconnect Lead sync' })).toBeInTheDocument();
  });

  it('offers a step as a button calling the host when it gives no link for it', async () => {
    const taken: string[] = [];
    const user = renderCatalog(
      {},
      {
        stepHref: (step, e) => (step === 'settings' ? `/app/${e.name}` : undefined),
        onStep: (step, e) => taken.push(`${step}:${e.name}`),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Install Deal feed' }));
    expect(taken).toEqual(['install:deal-feed']);
    expect(entry('CRM sync').getByRole('link', { name: 'Settings of CRM sync' })).toBeInTheDocument();
  });

  it('shows states without any step when the host offers none', async () => {
    renderCatalog({});
    await screen.findByRole('list', { name: 'Integrations' });
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('says so when the project has no integrations', async () => {
    renderCatalog({ catalog: { integrations: [] } });
    expect(await screen.findByText('No integrations are available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says why a load failed, and Retry loads again', async () => {
    const user = renderCatalog({
      catalog: [problem(502, { detail: 'No answer.', requestId: 'req-9' }), catalogFixture()],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('req-9');
    expect(screen.getByText('The integrations could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Integrations' })).toBeInTheDocument();
  });
});
