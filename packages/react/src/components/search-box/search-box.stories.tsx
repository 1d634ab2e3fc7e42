import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { pending, problem } from '../../test-utils/fake-bff.js';
import { installedWizard } from '../../test-utils/test-wizard.js';
import { SearchBox } from './search-box.js';

const meta = {
  title: 'Components/SearchBox',
  component: SearchBox,
  args: { integrationId: 'crm-sync' },
  parameters: { bff: { integration: installedWizard() } satisfies FakeBffScenario },
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** Adds condition `index` on `field`, typing `value` when the value is a text box. */
async function addCondition(canvas: Canvas, index: number, field: string, value?: string) {
  await userEvent.click(canvas.getByRole('button', { name: 'Add condition' }));
  const row = canvas.getByRole('group', { name: `Condition ${index}` });
  await userEvent.selectOptions(within(row).getByRole('combobox', { name: 'Field' }), field);
  // A text box, or a list of values to pick from when the field has them (a picklist, a value mapping).
  const input = within(row).getByLabelText('Value');
  if (value !== undefined) {
    if (input.tagName === 'SELECT') await userEvent.selectOptions(input, value);
    else await userEvent.type(input, value);
  }
  return row;
}

async function search(canvas: Canvas) {
  await canvas.findByRole('combobox', { name: 'Object' });
  await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
}

export const Loading: Story = {
  parameters: { bff: { integration: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
  },
};

export const NoSearchableObject: Story = {
  parameters: {
    bff: { integration: { ...installedWizard(), searchableObjects: [] } } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/No object can be searched yet/)).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  },
};

export const Filters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Object' });
    // Mapped names come first, then the provider's fields.
    await addCondition(canvas, 1, 'stage', 'won');
    const second = await addCondition(canvas, 2, 'isCustomer');
    await expect(within(second).getByRole('combobox', { name: 'Value' })).toHaveValue('true');
    await addCondition(canvas, 3, 'score', 'lots');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    // A number field refuses text before anything is sent.
    const score = within(canvas.getByRole('group', { name: 'Condition 3' })).getByRole('textbox', {
      name: 'Value',
    });
    await expect(score).toHaveAttribute('aria-invalid', 'true');
    await expect(score).toHaveAccessibleDescription('Enter a number.');
  },
};

export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await search(canvas);
    const table = await canvas.findByRole('table', { name: 'Results for Contacts' });
    await expect(within(table).getAllByRole('row').length).toBeGreaterThan(3);
    // Fewer matches than a page: a count, with no "there may be more" hint.
    await expect(canvas.getByRole('status')).toHaveTextContent(/records found/);
    await expect(canvas.queryByText(/There may be more matches/)).not.toBeInTheDocument();
    const toggle = canvas.getByRole('button', { name: 'Show details of c-1' });
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'Hide details of c-1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByText(/"Status__c": "customer"/)).toBeInTheDocument();
  },
};

export const FilteredResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: 'Object' });
    await addCondition(canvas, 1, 'stage', 'new');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('1 record found'));
  },
};

export const Empty: Story = {
  parameters: {
    bff: { integration: installedWizard(), search: { results: [] } } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await search(canvas);
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('No records match these conditions.'),
    );
  },
};

export const SearchFailed: Story = {
  name: 'Error',
  parameters: {
    bff: {
      integration: installedWizard(),
      search: problem(502, { title: 'Bad Gateway', requestId: 'req-502' }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await search(canvas);
    const alert = await canvas.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('could not complete the request'));
    await expect(alert).toHaveTextContent('Reference: req-502');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('combobox', { name: 'Object' });
    await expect(canvasElement.querySelector('[data-scope="search-box"]')).toHaveAttribute(
      'data-theme',
      'dark',
    );
  },
};
