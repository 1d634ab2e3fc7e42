import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { BackfillInput } from './backfill-draft.js';
import { BackfillPicker } from './backfill-picker.js';

/** A host that stores what the picker emits and shows it, as a form library would. */
function Host() {
  const [value, setValue] = useState<BackfillInput>({ defaultPeriod: { days: 0 } });
  return (
    <>
      <BackfillPicker value={value} onValueChange={setValue} />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

describe('BackfillPicker', () => {
  it('offers no backfill, recent history and full history as a labelled radio group, none chosen by default', () => {
    render(<BackfillPicker />);

    const group = screen.getByRole('group', { name: 'Past records to read first' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /No backfill/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Recent history/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Full history/ })).not.toBeChecked();
  });

  it('emits days: 30 when recent history is chosen, then the quick choice the user picks', async () => {
    const onValueChange = vi.fn();
    render(<BackfillPicker onValueChange={onValueChange} />);

    await userEvent.click(screen.getByRole('radio', { name: /Recent history/ }));
    expect(onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 30 } });
    expect(screen.getByRole('group', { name: 'How many days' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    expect(onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 90 } });
  });

  it('puts the days chooser right after Recent history, before Full history, as it is read and tabbed', () => {
    render(<BackfillPicker defaultValue={{ defaultPeriod: { days: 30 } }} />);
    const radios = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(radios).toEqual([
      expect.stringMatching(/^No backfill/),
      expect.stringMatching(/^Recent history/),
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Last 365 days',
      'Custom',
      expect.stringMatching(/^Full history/),
    ]);
  });

  it('offers the quick choices 7, 30, 90 and 365 days and a custom number', async () => {
    render(<BackfillPicker defaultValue={{ defaultPeriod: { days: 7 } }} />);

    const names = within(screen.getByRole('group', { name: 'How many days' }))
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value'));
    expect(names).toEqual(['7', '30', '90', '365', 'custom']);
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
  });

  it('emits fullHistory: true for the full history', async () => {
    const onValueChange = vi.fn();
    render(<BackfillPicker onValueChange={onValueChange} />);

    await userEvent.click(screen.getByRole('radio', { name: /Full history/ }));

    expect(onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { fullHistory: true } });
  });

  it('emits days: 0 when the user goes back to no backfill', async () => {
    const onValueChange = vi.fn();
    render(
      <BackfillPicker
        defaultValue={{ defaultPeriod: { fullHistory: true } }}
        onValueChange={onValueChange}
      />,
    );

    await userEvent.click(screen.getByRole('radio', { name: /No backfill/ }));

    expect(onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 0 } });
  });

  it('emits a custom whole number of days as it is typed', async () => {
    const onValueChange = vi.fn();
    render(<BackfillPicker defaultValue={{ defaultPeriod: { days: 30 } }} onValueChange={onValueChange} />);

    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Number of days' }), '45');

    expect(onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 45 } });
  });

  it.each([
    ['4.5', 'Enter a whole number of 0 or more.'],
    ['-3', 'Enter a whole number of 0 or more.'],
    ['abc', 'Enter a whole number of 0 or more.'],
    ['99999', 'Enter at most 36,500 days.'],
  ])(
    'refuses the custom number %s with a message next to the field, and emits nothing',
    async (typed, message) => {
      const onValueChange = vi.fn();
      render(<BackfillPicker defaultValue={{ defaultPeriod: { days: 30 } }} onValueChange={onValueChange} />);
      await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
      onValueChange.mockClear();

      const input = screen.getByRole('textbox', { name: 'Number of days' });
      await userEvent.click(input);
      await userEvent.paste(typed);

      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAttribute('data-invalid');
      expect(input).toHaveAccessibleDescription(message);
      expect(input).toHaveValue(typed);
      expect(onValueChange).not.toHaveBeenCalled();
    },
  );

  it('asks for a number when the custom field is left empty', async () => {
    render(<BackfillPicker />);
    await userEvent.click(screen.getByRole('radio', { name: /Recent history/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));

    const input = screen.getByRole('textbox', { name: 'Number of days' });
    await userEvent.click(input);
    await userEvent.tab();

    expect(input).toHaveAccessibleDescription('Enter a number of days.');
  });

  it('accepts a custom 0 and says it reads no past records', async () => {
    const onValueChange = vi.fn();
    render(<BackfillPicker defaultValue={{ defaultPeriod: { days: 30 } }} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));

    await userEvent.type(screen.getByRole('textbox', { name: 'Number of days' }), '0');

    expect(onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 0 } });
    expect(screen.getByText(/0 days reads no past records/)).toBeInTheDocument();
  });

  it('keeps the custom number when the user switches to full history and back', async () => {
    render(<BackfillPicker defaultValue={{ defaultPeriod: { days: 45 } }} />);
    expect(screen.getByRole('textbox', { name: 'Number of days' })).toHaveValue('45');

    await userEvent.click(screen.getByRole('radio', { name: /Full history/ }));
    expect(screen.queryByRole('textbox', { name: 'Number of days' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Recent history/ }));

    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Number of days' })).toHaveValue('45');
  });

  it('can be used with the keyboard alone: arrow keys move the choice', async () => {
    const onValueChange = vi.fn();
    render(<BackfillPicker onValueChange={onValueChange} />);

    await userEvent.tab();
    expect(screen.getByRole('radio', { name: /No backfill/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');

    expect(screen.getByRole('radio', { name: /Recent history/ })).toBeChecked();
    expect(onValueChange).toHaveBeenLastCalledWith({ defaultPeriod: { days: 30 } });
  });

  it('follows a controlled value changed by the host', () => {
    const { rerender } = render(<BackfillPicker value={{ defaultPeriod: { days: 0 } }} />);
    expect(screen.getByRole('radio', { name: /No backfill/ })).toBeChecked();

    rerender(<BackfillPicker value={{ defaultPeriod: { days: 120 } }} />);

    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Number of days' })).toHaveValue('120');
  });

  it('stays on the controlled value when the host does not accept a change', async () => {
    const onValueChange = vi.fn();
    render(<BackfillPicker value={{ defaultPeriod: { fullHistory: true } }} onValueChange={onValueChange} />);

    await userEvent.click(screen.getByRole('radio', { name: /No backfill/ }));

    expect(onValueChange).toHaveBeenCalledWith({ defaultPeriod: { days: 0 } });
    expect(screen.getByRole('radio', { name: /Full history/ })).toBeChecked();
  });

  it('works controlled by a parent that stores what it emits', async () => {
    render(<Host />);

    await userEvent.click(screen.getByRole('radio', { name: /Recent history/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Number of days' }), '12');

    expect(screen.getByRole('status')).toHaveTextContent('{"defaultPeriod":{"days":12}}');
    expect(screen.getByRole('textbox', { name: 'Number of days' })).toHaveValue('12');
  });

  it('exposes its state and parts as attributes and takes a class per part', async () => {
    const { container } = render(
      <BackfillPicker
        className="host-root"
        classNames={{ legend: 'host-legend' }}
        defaultValue={{ defaultPeriod: { fullHistory: true } }}
      />,
    );

    const root = container.querySelector('[data-splice-root]');
    expect(root).toHaveAttribute('data-scope', 'backfill-picker');
    expect(root).toHaveAttribute('data-state', 'full');
    expect(root).toHaveClass('host-root');
    expect(screen.getByText('Past records to read first')).toHaveClass('host-legend');
    expect(
      screen.getByRole('radio', { name: /Full history/ }).closest('[data-part="option"]'),
    ).toHaveAttribute('data-state', 'checked');
  });

  it('disables every choice when disabled', () => {
    render(<BackfillPicker disabled />);

    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
