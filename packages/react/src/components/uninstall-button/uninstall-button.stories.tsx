import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { pending, problem } from '../../test-utils/fake-bff.js';
import { UninstallButton } from './uninstall-button.js';

const meta = {
  title: 'Components/UninstallButton',
  component: UninstallButton,
  args: { integrationId: 'crm-sync', integrationName: 'CRM sync', onUninstalled: fn() },
  parameters: { bff: {} satisfies FakeBffScenario },
} satisfies Meta<typeof UninstallButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Uninstall' })).toBeEnabled();
  },
};

/** The confirmation says what stops before anything is sent. */
export const Confirming: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Uninstall' }));
    const dialog = canvas.getByRole('alertdialog', { name: 'Uninstall CRM sync?' });
    await expect(dialog).toHaveTextContent('Every read stops');
    // The safe choice has the focus, so Enter twice never uninstalls.
    await expect(canvas.getByRole('button', { name: 'Keep it installed' })).toHaveFocus();
  },
};

export const Uninstalling: Story = {
  parameters: { bff: { uninstall: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Uninstall' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, uninstall' }));
    await expect(await canvas.findByRole('button', { name: 'Uninstalling…' })).toBeInTheDocument();
  },
};

export const Uninstalled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Uninstall' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, uninstall' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('CRM sync is uninstalled');
    await expect(args.onUninstalled).toHaveBeenCalledTimes(1);
  },
};

export const Refused: Story = {
  parameters: {
    bff: {
      uninstall: problem(404, { detail: 'This integration is not installed for your account.' }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Uninstall' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, uninstall' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('not installed for your account');
  },
};
