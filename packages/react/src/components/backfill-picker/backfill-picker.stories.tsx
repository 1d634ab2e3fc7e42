import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BackfillPicker } from './backfill-picker.js';

const meta = {
  title: 'Components/BackfillPicker',
  component: BackfillPicker,
  args: { onValueChange: fn() },
} satisfies Meta<typeof BackfillPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoBackfill: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Past records to read first' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: /No backfill/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: /Recent history/ }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 30 } });
  },
};

export const RecentHistory: Story = {
  args: { defaultValue: { defaultPeriod: { days: 30 } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Last 90 days' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 90 } });
  },
};

export const CustomDays: Story = {
  args: { defaultValue: { defaultPeriod: { days: 45 } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Custom' })).toBeChecked();
    const days = canvas.getByRole('textbox', { name: 'Number of days' });
    await expect(days).toHaveValue('45');
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 120 } });
  },
};

export const FullHistory: Story = {
  args: { defaultValue: { defaultPeriod: { fullHistory: true } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Full history/ })).toBeChecked();
    await expect(canvas.queryByRole('group', { name: 'How many days' })).not.toBeInTheDocument();
  },
};

export const InvalidCustomNumber: Story = {
  args: { defaultValue: { defaultPeriod: { days: 30 } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Custom' }));
    const days = canvas.getByRole('textbox', { name: 'Number of days' });
    await userEvent.type(days, '-3');
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expect(days).toHaveAccessibleDescription('Enter a whole number of 0 or more.');
    // What the user typed stays, and no invalid value reaches the host.
    await expect(days).toHaveValue('-3');
    await expect(args.onValueChange).not.toHaveBeenCalledWith({ defaultPeriod: { days: -3 } });
  },
};

export const Disabled: Story = {
  args: { defaultValue: { defaultPeriod: { days: 30 } }, disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  },
};

export const Dark: Story = {
  args: { defaultValue: { defaultPeriod: { days: 30 } } },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-scope="backfill-picker"]')).toHaveAttribute(
      'data-theme',
      'dark',
    );
  },
};
