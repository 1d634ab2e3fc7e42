import type { Invite } from '@splice/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { InviteForm } from './invite-form.js';

const sent = (id: string, invitedEmail: string, minutesAgo: number): Invite => ({
  id,
  invitedEmail,
  parentType: 'org',
  parentId: 'org-acme',
  status: 'pending',
  createTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

function setup(scenario: FakeBffScenario = {}) {
  const Wrapper = testWrapper(createFakeBff(scenario));
  render(
    <Wrapper>
      <InviteForm />
    </Wrapper>,
  );
  return {
    input: screen.getByRole('textbox', { name: 'E-mail address' }),
    submit: screen.getByRole('button', { name: 'Send invite' }),
    list: () => screen.findByRole('list', { name: 'Pending invites' }),
  };
}

describe('InviteForm’s pending invites', () => {
  it('lists the group’s pending invites from the server, with when each was sent', async () => {
    const { list } = setup({
      pendingInvites: [sent('inv_b', 'bea@example.com', 5), sent('inv_a', 'al@example.com', 3 * 24 * 60)],
    });
    const rows = within(await list()).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('bea@example.com'),
      expect.stringContaining('al@example.com'),
    ]);
    expect(rows[0]).toHaveTextContent('Sent 5 minutes ago');
    expect(rows[1]).toHaveTextContent('Sent 3 days ago');
    expect(within(rows[0] as HTMLElement).getByRole('button')).toHaveAccessibleName(
      'Revoke the invite to bea@example.com',
    );
  });

  it('says so when there is none', async () => {
    setup();
    expect(await screen.findByText('No pending invites.')).toBeInTheDocument();
  });

  it('adds an invite just sent to the list, from the server’s answer', async () => {
    const { input, submit, list } = setup();
    await userEvent.type(input, 'dana@example.com');
    await userEvent.click(submit);
    expect(await screen.findByText('Invite sent to dana@example.com.')).toBeInTheDocument();
    await waitFor(async () => expect(await list()).toHaveTextContent('dana@example.com'));
  });

  it('revokes only after a confirm step; Keep leaves it and returns focus to Revoke', async () => {
    const { list } = setup({ pendingInvites: [sent('inv_b', 'bea@example.com', 5)] });
    const revoke = within(await list()).getByRole('button', { name: 'Revoke the invite to bea@example.com' });
    await userEvent.click(revoke);
    const question = screen.getByRole('group', { name: /Revoke the invite to bea@example.com\?/ });
    expect(within(question).getByRole('button', { name: 'Revoke invite' })).toHaveFocus();

    await userEvent.click(within(question).getByRole('button', { name: 'Keep' }));
    const again = screen.getByRole('button', { name: 'Revoke the invite to bea@example.com' });
    expect(again).toHaveFocus();

    await userEvent.click(again);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke invite' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Invite to bea@example.com revoked.'));
    expect(status).toHaveFocus();
    expect(await screen.findByText('No pending invites.')).toBeInTheDocument();
  });

  it('shows the revoking state and takes no second click while the server works', async () => {
    const { list } = setup({
      pendingInvites: [sent('inv_b', 'bea@example.com', 5)],
      revokeInvite: 'pending',
    });
    await userEvent.click(within(await list()).getByRole('button', { name: /Revoke the invite/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke invite' }));
    const busy = await screen.findByRole('button', { name: 'Revoking…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('listitem')).toHaveAttribute('data-state', 'revoking');
  });

  it('explains an invite that is no longer pending, and refreshes the list', async () => {
    let listed = [sent('inv_b', 'bea@example.com', 5)];
    const { list } = setup({
      invites: () => ({ invites: listed }),
      revokeInvite: () => {
        listed = [];
        return problem(404, { title: 'Not Found', detail: 'There is no pending invite "inv_b".' });
      },
    });
    await userEvent.click(within(await list()).getByRole('button', { name: /Revoke the invite/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke invite' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('That invite is no longer pending'),
    );
    expect(await screen.findByText('No pending invites.')).toBeInTheDocument();
  });

  it('shows one status at a time: a failed revoke after "Invite sent" leaves only the error', async () => {
    const { input, submit, list } = setup({
      pendingInvites: [sent('inv_b', 'bea@example.com', 5)],
      revokeInvite: problem(502, { title: 'Bad Gateway', requestId: 'req-7' }),
    });
    await userEvent.type(input, 'dana@example.com');
    await userEvent.click(submit);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Invite sent to dana@example.com.'));

    await waitFor(async () => expect(await list()).toHaveTextContent('bea@example.com'));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invite to bea@example.com' }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke invite' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('could not complete'));
    expect(status).toBeEmptyDOMElement();
  });

  it('shows one status at a time: an address refused on leaving the field removes "Invite sent"', async () => {
    const { input, submit } = setup();
    await userEvent.type(input, 'dana@example.com');
    await userEvent.click(submit);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Invite sent to dana@example.com.'));

    await userEvent.type(input, 'erin@');
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(status).toBeEmptyDOMElement();
  });

  it('tells a list that could not be loaded, with Retry', async () => {
    const { list } = setup({
      invites: [
        problem(503, { title: 'Service Unavailable' }),
        { invites: [sent('inv_b', 'bea@example.com', 1)] },
      ],
    });
    expect(await screen.findByText(/The pending invites could not be loaded\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await list()).toHaveTextContent('bea@example.com');
  });
});
