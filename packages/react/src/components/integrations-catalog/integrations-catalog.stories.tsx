import type { CatalogEntry } from '@splice/schema';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { catalogFixture } from '../../test-utils/catalog-fixture.js';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { pending, problem } from '../../test-utils/fake-bff.js';
import { IntegrationsCatalog } from './integrations-catalog.js';

const meta = {
  title: 'Components/IntegrationsCatalog',
  component: IntegrationsCatalog,
  args: { stepHref: (step, entry) => `#/${step}/${entry.name}` },
  parameters: { bff: { catalog: catalogFixture() } satisfies FakeBffScenario },
} satisfies Meta<typeof IntegrationsCatalog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { bff: { catalog: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading integrations…');
  },
};

/** One integration in each state: each says where it stands and offers its one next step. */
export const Mixed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Integrations' });
    const entries = within(list).getAllByRole('listitem');
    await expect(entries).toHaveLength(5);
    const entry = (name: string) => within(canvas.getByRole('listitem', { name }));
    await expect(entry('CRM sync').getByText('Installed')).toBeInTheDocument();
    await expect(entry('CRM sync').getByRole('link', { name: 'Settings of CRM sync' })).toHaveAttribute(
      'href',
      '#/settings/crm-sync',
    );
    await expect(entry('Deal feed').getByRole('link', { name: 'Install Deal feed' })).toBeInTheDocument();
    await expect(entry('Ticket sync').getByText('Not connected')).toBeInTheDocument();
    await expect(entry('Ticket sync').getByRole('link', { name: 'Connect Ticket sync' })).toBeInTheDocument();
    await expect(entry('Company sync').getByText('Paused: nothing is read')).toBeInTheDocument();
    await expect(entry('Lead sync').getByRole('link', { name: 'Reconnect Lead sync' })).toBeInTheDocument();
  },
};

/** Without links, each next step is a button that calls the host. */
export const StepsAsButtons: Story = {
  args: { stepHref: undefined, onStep: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Install Deal feed' }));
    await expect(args.onStep).toHaveBeenCalledWith(
      'install',
      expect.objectContaining({ name: 'deal-feed', installation: 'not_installed' }),
    );
  },
};

export const Empty: Story = {
  parameters: { bff: { catalog: { integrations: [] } } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No integrations are available yet.')).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: {
    bff: {
      catalog: problem(502, { detail: 'The integration service did not answer.', requestId: 'req-7' }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('req-7');
    await expect(canvas.getByText('The integrations could not be loaded.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

/** A project of many integrations: the cards wrap, as many to a row as fit. */
export const Many: Story = {
  parameters: {
    bff: {
      catalog: {
        integrations: Array.from({ length: 24 }, (_, index) => ({
          ...(catalogFixture().integrations[index % 5] as CatalogEntry),
          id: `integration-${index}`,
          name: `integration-${index}`,
          displayName: `Integration ${index + 1}`,
        })),
      },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Integrations' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(24);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('list', { name: 'Integrations' });
    await expect(canvasElement.querySelector('[data-scope="integrations-catalog"]')).toHaveAttribute(
      'data-theme',
      'dark',
    );
  },
};
