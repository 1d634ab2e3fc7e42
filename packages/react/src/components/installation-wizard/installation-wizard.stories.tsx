import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { pending, problem } from '../../test-utils/fake-bff.js';
import {
  connectedWizard,
  connection,
  hugeWizard,
  installedWizard,
  reinstallWizard,
  testWizard,
} from '../../test-utils/test-wizard.js';
import { InstallationWizard } from './installation-wizard.js';

const meta = {
  title: 'Components/InstallationWizard',
  component: InstallationWizard,
  args: { integrationId: 'crm-sync', onInstalled: fn() },
  parameters: { bff: {} satisfies FakeBffScenario },
} satisfies Meta<typeof InstallationWizard>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** Clicks Next and waits for the step whose heading matches. */
async function next(canvas: Canvas, heading: RegExp) {
  await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
  await canvas.findByRole('heading', { name: heading });
}

/** Turns an object of the objects step on or off, in the read or the write group. */
async function toggleObject(canvas: Canvas, group: 'read' | 'write', name: string) {
  const legend = group === 'read' ? /Records to read/ : /Records to write/;
  await userEvent.click(within(canvas.getByRole('group', { name: legend })).getByRole('checkbox', { name }));
}

/** Maps the required "Pipeline stage" to the provider's `status` field on the Read Contacts step. */
async function mapStage(canvas: Canvas) {
  await userEvent.type(canvas.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
}

/** From the first step to Read Contacts, with "Pipeline stage" mapped to `status`. */
async function toStageMapped(canvas: Canvas) {
  await canvas.findByRole('heading', { name: /Objects/ });
  await next(canvas, /Read Contacts/);
  await mapStage(canvas);
}

async function toReview(canvas: Canvas) {
  await toStageMapped(canvas);
  await next(canvas, /Read Deals/);
  await next(canvas, /Proxy/);
  await next(canvas, /Review and install/);
}

export const Loading: Story = {
  parameters: { bff: { integration: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…');
    await expect(canvasElement.querySelector('[data-scope="installation-wizard"]')).toHaveAttribute(
      'data-state',
      'loading',
    );
  },
};

export const LoadErrorWithRetry: Story = {
  parameters: {
    bff: {
      integration: [problem(500, { title: 'Internal Server Error', requestId: 'req-42' }), connectedWizard()],
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The server could not complete the request.');
    await expect(alert).toHaveTextContent('Reference: req-42');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('heading', { name: /Objects/ })).toBeInTheDocument();
  },
};

export const NoConnection: Story = {
  parameters: {
    bff: {
      integration: testWizard({
        readObjects: testWizard().readObjects.map((object) => ({
          ...object,
          fields: [],
          fieldsError: 'Group "acme" has no sandboxcrm connection.',
        })),
      }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The first step connects the account: no dead end, no steps before it.
    await expect(
      await canvas.findByRole('heading', { name: 'Connect your Sandbox CRM account' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Connect Sandbox CRM' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Next' })).toBeNull();
    await expect(canvasElement.querySelector('[data-scope="installation-wizard"]')).toHaveAttribute(
      'data-state',
      'no-connection',
    );
  },
};

export const BadConnection: Story = {
  name: 'Connection with bad credentials: Reconnect',
  parameters: {
    bff: {
      integration: connectedWizard({ connection: { ...connection, status: 'bad_credentials' } }),
      connection: { connection: { ...connection, status: 'bad_credentials' } },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Reconnect your Sandbox CRM account' }),
    ).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Reconnect Sandbox CRM' })).toBeEnabled();
  },
};

export const ObjectsStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    const reads = canvas.getByRole('group', { name: /Records to read/ });
    // `enabled: always` in the manifest: shown on, and not switchable.
    const deals = within(reads).getByRole('checkbox', { name: /Deals/ });
    await expect(deals).toBeChecked();
    await expect(deals).toBeDisabled();
    await expect(within(reads).getByText('Always on')).toBeInTheDocument();
  },
};

export const ObjectsStepNothingChosen: Story = {
  name: 'Objects step: nothing chosen',
  parameters: {
    bff: {
      integration: connectedWizard({
        readObjects: connectedWizard().readObjects.filter((object) => !object.enabledAlways),
      }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    await toggleObject(canvas, 'read', 'Contacts');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Choose at least one object to read or write.')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: /Objects/ })).toBeInTheDocument();
  },
};

export const ReadStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    await next(canvas, /Read Contacts/);
    await expect(canvas.getByRole('region', { name: 'Fields to read (Contacts)' })).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: /^Pipeline stage/ })).toBeInTheDocument();
    await expect(canvas.getByText(/^Past records: .+, as for every object\.$/)).toBeInTheDocument();
    await expect(canvas.getByText(/Next runs/)).toBeInTheDocument();
  },
};

export const RequiredMappingBlocksTheStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    await next(canvas, /Read Contacts/);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    const input = canvas.getByRole('combobox', { name: /^Pipeline stage/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(input).toHaveFocus());
    await expect(
      canvas.getByText(/Choose the Sandbox CRM field that holds Pipeline stage/),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: /Read Contacts/ })).toBeInTheDocument();
  },
};

export const ValueMappingSuggestions: Story = {
  name: 'Mapping with value suggestions',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toStageMapped(canvas);
    // Picking a picklist field suggests each CRM value's closest app value: the CRM's Customer -> Customer.
    await expect(canvas.getByRole('combobox', { name: 'Customer' })).toHaveValue('won');
  },
};

/**
 * Several CRM values share one app value, and the manifest says a value left "Not mapped" arrives with
 * no stage: the sentence beside the table says so, and describes each row still on "Not mapped".
 */
export const ValueMappingManyToOneAndUnmapped: Story = {
  name: 'Mapping several CRM values to one, with what "Not mapped" does',
  parameters: {
    bff: {
      integration: ((wizard) => ({
        ...wizard,
        readObjects: wizard.readObjects.map((object) => ({
          ...object,
          mappingInputs: object.mappingInputs.map((input) =>
            input.mapToName === 'stage'
              ? { ...input, unmappedValues: { deliver: 'nothing' as const } }
              : input,
          ),
        })),
      }))(connectedWizard()),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toStageMapped(canvas);
    const values = canvas.getByRole('group', { name: 'Match the values of Pipeline stage' });
    await userEvent.selectOptions(within(values).getByRole('combobox', { name: 'Qualified' }), 'won');
    const rule = 'Not mapped: a record with that value arrives with no Pipeline stage.';
    await expect(within(values).getByText(rule)).toBeInTheDocument();
    await expect(within(values).getByRole('combobox', { name: 'Churned' })).toHaveAccessibleDescription(rule);
    await next(canvas, /Read Deals/);
    await next(canvas, /Proxy/);
    await next(canvas, /Review and install/);
    const reads = canvas.getByRole('region', { name: 'Reads' });
    await expect(
      within(reads).getByText(/^Values of .+: Customer ← Qualified \/ Customer$/),
    ).toBeInTheDocument();
  },
};

export const InvalidSchedule: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    await next(canvas, /Read Contacts/);
    const cron = canvas.getByLabelText('Cron expression');
    await userEvent.clear(cron);
    await userEvent.type(cron, '61 * * * *');
    await expect(canvas.getByText(/Not a valid schedule/)).toBeInTheDocument();
  },
};

/** One history for every object, and one object importing its own, shown as the exception it is. */
export const HistoryForEveryObjectWithAnException: Story = {
  name: 'One history for every object, with an exception',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    const shared = canvas.getByRole('group', { name: 'Past records to read first, for every object' });
    await userEvent.click(within(shared).getByRole('radio', { name: /Full history/ }));
    await next(canvas, /Read Contacts/);
    await mapStage(canvas);
    await expect(
      canvas.getByText('Past records: the full history, as for every object.'),
    ).toBeInTheDocument();
    await next(canvas, /Read Deals/);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a different history for Deals' }));
    await userEvent.click(canvas.getByRole('radio', { name: /No backfill/ }));
    await expect(canvas.getByText('Deals: no history instead of the full history')).toBeInTheDocument();
  },
};

export const InvalidBackfillBlocksTheStep: Story = {
  name: 'Invalid custom backfill blocks the step',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toStageMapped(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a different history for Contacts' }));
    await userEvent.click(canvas.getByRole('radio', { name: /Recent history/ }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Custom' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Number of days' }), '-5');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    // The step stays, the number as typed, focused, with what to fix next to it.
    const days = canvas.getByRole('textbox', { name: 'Number of days' });
    await waitFor(() => expect(days).toHaveFocus());
    await expect(days).toHaveValue('-5');
    await expect(canvas.getByText('Enter a whole number of 0 or more.')).toBeInTheDocument();
  },
};

/** A step left through the progress with a value to fix is named so there, in words. */
export const StepLeftToFix: Story = {
  name: 'Step left with a value to fix',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toReview(canvas);
    const progress = () => within(canvas.getByRole('navigation', { name: 'Setup progress' }));
    await userEvent.click(progress().getByRole('button', { name: /Read Contacts/ }));
    await canvas.findByRole('heading', { name: /Read Contacts/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Use a different history for Contacts' }));
    await userEvent.click(canvas.getByRole('radio', { name: /Recent history/ }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Custom' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Number of days' }), '-5');
    await userEvent.click(progress().getByRole('button', { name: /Review and install/ }));
    await canvas.findByRole('heading', { name: /Review and install/ });
    await expect(progress().getByRole('button', { name: '2 Read Contacts (to fix)' })).toBeInTheDocument();
  },
};

export const FilterValueWithoutField: Story = {
  name: 'Filter value without a field',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toStageMapped(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Add condition' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'equals (1)' }), 'Acme');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Field 1' })).toHaveFocus());
    await expect(
      canvas.getByText('Choose the field this value is for, or remove the condition.'),
    ).toBeInTheDocument();
  },
};

export const WriteStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    await toggleObject(canvas, 'read', 'Contacts');
    await toggleObject(canvas, 'write', 'Contacts');
    await next(canvas, /Read Deals/);
    await next(canvas, /Write Contacts/);
    await expect(
      canvas.getByRole('checkbox', { name: 'Allow deleting Contacts records' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'Default values' })).toBeInTheDocument();
  },
};

export const ProxyStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    await toggleObject(canvas, 'read', 'Contacts');
    await next(canvas, /Read Deals/);
    await next(canvas, /Proxy/);
    await expect(canvas.getByRole('checkbox', { name: /proxy/ })).not.toBeChecked();
  },
};

export const ReviewStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toReview(canvas);
    await expect(canvas.getByText(/stage ← status/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Install' })).toBeInTheDocument();
  },
};

/** The review lists the value matches chosen, per mapped name, beside the field mappings. */
export const ReviewStepValueMatches: Story = {
  name: 'Review step: value matches',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toStageMapped(canvas);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Lead' }), 'new');
    await next(canvas, /Read Deals/);
    await next(canvas, /Proxy/);
    await next(canvas, /Review and install/);
    const reads = canvas.getByRole('region', { name: 'Reads' });
    await expect(
      within(reads).getByText(/^Values of .+: New ← Lead, Customer ← Customer$/),
    ).toBeInTheDocument();
  },
};

export const ServerIssueLandsOnField: Story = {
  name: 'Server 422 issue lands on its field',
  parameters: {
    bff: {
      install: problem(422, {
        type: 'urn:problem-type:sample-read-failed',
        title: 'Sample read failed',
        detail: 'The sample read refused the config.',
        issues: [
          {
            name: 'config.content.read.objects.contacts.selectedFieldMappings.stage',
            detail: 'The provider has no field "status" visible to the connected user.',
            value: 'status',
          },
        ],
      }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toReview(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Install' }));
    // The wizard goes back to the step the issue names, with the user's choice still there.
    await canvas.findByRole('heading', { name: /Read Contacts/ });
    const input = canvas.getByRole('combobox', { name: /^Pipeline stage/ });
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveValue('status');
    await expect(
      canvas.getByText('The provider has no field "status" visible to the connected user.'),
    ).toBeInTheDocument();
  },
};

export const InstalledMeanwhile: Story = {
  name: 'Installed meanwhile (409) links to the existing installation',
  args: { existingInstallationHref: '#/installation' },
  parameters: {
    bff: {
      install: problem(409, {
        type: 'urn:problem-type:installation-exists',
        title: 'Installation already exists',
        detail: 'This group already has an installation of crm-sync.',
      }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toReview(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Install' }));
    await expect(
      await canvas.findByRole('link', { name: 'Open the settings of the existing installation' }),
    ).toHaveAttribute('href', '#/installation');
  },
};

export const Installing: Story = {
  parameters: { bff: { install: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toReview(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Install' }));
    await expect(await canvas.findByRole('button', { name: 'Installing…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(canvasElement.querySelector('[data-scope="installation-wizard"]')).toHaveAttribute(
      'data-state',
      'installing',
    );
  },
};

export const Installed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await toReview(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Install' }));
    await expect(await canvas.findByRole('heading', { name: 'CRM sync is installed' })).toBeInTheDocument();
    await expect(args.onInstalled).toHaveBeenCalledTimes(1);
    // The finish screen goes on to show the new installation running: here, its backfill.
    await expect(
      await canvas.findByRole('progressbar', { name: /Import of past Contacts/ }),
    ).toBeInTheDocument();
  },
};

export const AlreadyInstalled: Story = {
  parameters: { bff: { integration: installedWizard() } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'CRM sync is installed' })).toBeInTheDocument();
    // When, not which id: the installation's id is for support, not for the user.
    await expect(canvas.getByText(/Installed on/)).toBeInTheDocument();
    await expect(canvas.queryByText(/inst_1/)).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: /Objects/ });
    await expect(canvasElement.querySelector('[data-scope="installation-wizard"]')).toHaveAttribute(
      'data-theme',
      'dark',
    );
  },
};

/** An Arabic-speaking user (no Arabic catalogue: English words) gets the whole step mirrored. */
export const RightToLeft: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Objects/ });
    await next(canvas, /Read Contacts/);
    await expect(canvasElement.querySelector('[data-scope="installation-wizard"]')).toHaveAttribute(
      'dir',
      'rtl',
    );
    // The cron expression is code: left to right inside the mirrored step.
    await expect(canvas.getByLabelText('Cron expression')).toHaveAttribute('dir', 'ltr');
  },
};

export const HugeSchema: Story = {
  name: '2,000 fields and 300 mapping entries',
  parameters: { bff: { integration: hugeWizard() } satisfies FakeBffScenario },
  // Role and label queries walk every element, which jsdom does slowly over thousands of them (a label
  // query took minutes here); this play selects on the stable data-part and data-state attributes.
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const step = () => canvasElement.querySelector('[data-part="step"]');
    await waitFor(() => expect(step()).toHaveAttribute('data-step', 'objects'));
    await userEvent.click(canvas.getByText('Next', { selector: 'button' }));
    await waitFor(() => expect(step()).toHaveAttribute('data-step', 'read:contacts'));
    const list = () => canvasElement.querySelector('[data-part="list"][aria-label^="Fields to read"]');
    // Only the visible window of the 2,000 fields is in the DOM.
    await expect(list()).toHaveAttribute('data-state', 'windowed');
    await expect(list()?.querySelectorAll('input[type="checkbox"]').length).toBeLessThan(60);
    const filter = canvasElement.querySelector<HTMLInputElement>('input[type="search"]');
    await expect(filter?.labels?.[0]).toHaveTextContent('Filter fields');
    await userEvent.type(filter as HTMLInputElement, 'Custom field 1990');
    await waitFor(() => expect(list()?.querySelectorAll('input[type="checkbox"]')).toHaveLength(1));
    // All 300 entries are listed (those with a fixed field say so, since the review names them): the first
    // page shows, the rest on demand.
    const mappings = () => canvasElement.querySelectorAll('[data-part="mapping"]');
    await expect(mappings()).toHaveLength(25);
    await userEvent.click(canvas.getByText(/Show more \(25 of 300 shown\)/, { selector: 'button' }));
    await waitFor(() => expect(mappings()).toHaveLength(125));
  },
};

/**
 * Edit mode: the group's installation opens prefilled, every step a button in the progress (each holds
 * valid settings already); the review lists what will change, part by part.
 */
export const EditPrefilled: Story = {
  args: { mode: 'edit' },
  parameters: { bff: { integration: installedWizard() } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Edit CRM sync/ });
    const progress = within(canvas.getByRole('navigation', { name: 'Setup progress' }));
    await userEvent.click(progress.getByRole('button', { name: /Read Contacts/ }));
    await canvas.findByRole('heading', { name: /Read Contacts/ });
    await expect(canvas.getByRole('combobox', { name: /^Pipeline stage/ })).toHaveValue('status');
    const cron = canvas.getByLabelText('Cron expression');
    await userEvent.clear(cron);
    await userEvent.type(cron, '0 9 * * 1');
    await userEvent.click(canvas.getByRole('checkbox', { name: /Pause reading Contacts/ }));
    // Straight to the review: the steps between hold the installation's settings.
    await userEvent.click(progress.getByRole('button', { name: /Review and save/ }));
    await canvas.findByRole('heading', { name: /Review and save/ });
    const changes = canvas.getByRole('region', { name: 'What will change' });
    await expect(changes).toHaveTextContent(
      'Reading Contacts: schedule (Every 15 minutes → At 09:00 UTC on Monday), pause (off → on)',
    );
    await expect(canvas.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  },
};

/** Edit mode, a stale save: the conflict is said, with a way to load the current settings. */
export const EditConflict: Story = {
  args: { mode: 'edit' },
  parameters: {
    bff: {
      integration: installedWizard(),
      update: problem(412, {
        type: 'urn:problem-type:installation-changed',
        title: 'Changed meanwhile',
        detail: 'Someone else changed these settings.',
      }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /Edit CRM sync/ });
    await next(canvas, /Read Contacts/);
    await userEvent.click(canvas.getByRole('checkbox', { name: /Pause reading Contacts/ }));
    await next(canvas, /Read Deals/);
    await next(canvas, /Proxy/);
    await next(canvas, /Review/);
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText(/Someone else changed these settings after/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Load current settings' })).toBeInTheDocument();
  },
};

/** Edit mode, after the conflict: the current settings are on their way, and no save goes out meanwhile. */
export const EditConflictLoadingCurrent: Story = {
  args: { mode: 'edit' },
  parameters: {
    bff: {
      integration: [installedWizard(), pending],
      update: problem(412, {
        type: 'urn:problem-type:installation-changed',
        title: 'Changed meanwhile',
        detail: 'Someone else changed these settings.',
      }),
    } satisfies FakeBffScenario,
  },
  play: async (context) => {
    await EditConflict.play?.(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Load current settings' }));
    await expect(canvas.getByRole('button', { name: 'Loading current settings…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Save changes' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** A reinstall after an uninstall: the previous settings are filled in, with the way back to the defaults. */
export const PreviousSettingsFilledIn: Story = {
  parameters: { bff: { integration: reinstallWizard() } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your previous settings are filled in.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByRole('combobox', { name: /^Pipeline stage/ })).toHaveValue('status');
  },
};

/** The user set the previous settings aside: the note is gone and the wizard starts over. */
export const PreviousSettingsSetAside: Story = {
  parameters: { bff: { integration: reinstallWizard() } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Start from the defaults' }));
    await expect(canvas.queryByText('Your previous settings are filled in.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByRole('combobox', { name: /^Pipeline stage/ })).toHaveValue('');
  },
};
