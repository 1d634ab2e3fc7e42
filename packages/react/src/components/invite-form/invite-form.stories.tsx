import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { pending, problem } from '../../test-utils/fake-bff.js';
import { InviteForm } from './invite-form.js';

const meta = {
  title: 'Components/InviteForm',
  component: InviteForm,
  args: { onInvited: fn() },
  parameters: { bff: {} satisfies FakeBffScenario },
} satisfies Meta<typeof InviteForm>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

async function send(canvas: Canvas, email: string) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail address' }), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Send invite' }));
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Send invite' })).toBeEnabled();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await send(canvas, 'not-an-address');
    const input = canvas.getByRole('textbox', { name: 'E-mail address' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription(expect.stringContaining('Enter a valid e-mail address'));
    await expect(input).toHaveValue('not-an-address');
    await expect(args.onInvited).not.toHaveBeenCalled();
  },
};

export const Sending: Story = {
  parameters: { bff: { invite: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await send(canvas, 'ada@example.com');
    await expect(await canvas.findByRole('button', { name: 'Sending…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(canvasElement.querySelector('[data-scope="invite-form"]')).toHaveAttribute(
      'data-state',
      'pending',
    );
  },
};

export const ServerRejectsAddress: Story = {
  name: 'Server 400 on the address',
  parameters: {
    bff: {
      invite: problem(400, {
        type: 'urn:problem-type:validation',
        title: 'Bad Request',
        detail: 'The request has 1 invalid value: email.',
        issues: [{ name: 'email', detail: 'The domain example.invalid does not receive mail.' }],
        requestId: 'req-400',
      }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await send(canvas, 'ada@example.invalid');
    const input = canvas.getByRole('textbox', { name: 'E-mail address' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('The domain example.invalid does not receive mail.'),
      ),
    );
    await expect(input).toHaveValue('ada@example.invalid');
  },
};

export const AlreadyInvited: Story = {
  name: 'Server 409: already invited',
  parameters: {
    bff: { invite: problem(409, { title: 'Conflict', detail: 'An invite for this address exists.' }) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await send(canvas, 'grace@example.com');
    const input = canvas.getByRole('textbox', { name: 'E-mail address' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('cannot be invited again')),
    );
    await expect(input).toHaveValue('grace@example.com');
  },
};

export const Success: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await send(canvas, 'ada@example.com');
    await expect(await canvas.findByText('Invite sent to ada@example.com.')).toBeInTheDocument();
    await expect(canvas.getByText('Pending')).toHaveAttribute('data-state', 'pending');
    await expect(canvas.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('');
    await expect(args.onInvited).toHaveBeenCalledWith(
      expect.objectContaining({ invitedEmail: 'ada@example.com' }),
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-scope="invite-form"]')).toHaveAttribute(
      'data-theme',
      'dark',
    );
  },
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
// The times are getters, read when the fake BFF answers: taken when this module loads, "12 minutes ago"
// became "13" on a machine busy enough to render the story half a minute later.
const pendingInvites = [
  {
    id: 'inv_2',
    invitedEmail: 'grace@example.com',
    parentType: 'org' as const,
    parentId: 'org-acme',
    status: 'pending' as const,
    get createTime() {
      return minutesAgo(12);
    },
  },
  {
    id: 'inv_1',
    invitedEmail: 'a.rather.long.address.for.a.narrow.screen@subsidiary.example.com',
    parentType: 'org' as const,
    parentId: 'org-acme',
    status: 'pending' as const,
    get createTime() {
      return minutesAgo(3 * 24 * 60);
    },
  },
];

export const NoPendingInvites: Story = {
  name: 'Pending invites: none',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No pending invites.')).toBeInTheDocument();
  },
};

export const PendingInviteList: Story = {
  name: 'Pending invites: list',
  parameters: { bff: { pendingInvites } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Pending invites' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(list).toHaveTextContent('Sent 12 minutes ago');
  },
};

export const RevokeConfirm: Story = {
  name: 'Pending invites: confirm a revoke',
  parameters: { bff: { pendingInvites } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Revoke the invite to grace@example.com' }),
    );
    await expect(canvas.getByRole('button', { name: 'Revoke invite' })).toHaveFocus();
  },
};

export const Revoking: Story = {
  name: 'Pending invites: revoking',
  parameters: { bff: { pendingInvites, revokeInvite: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Revoke the invite to grace@example.com' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke invite' }));
    await expect(await canvas.findByRole('button', { name: 'Revoking…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Revoked: Story = {
  name: 'Pending invites: revoked',
  parameters: { bff: { pendingInvites } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Revoke the invite to grace@example.com' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke invite' }));
    await expect(await canvas.findByText('Invite to grace@example.com revoked.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
  },
};

export const RevokeFailed: Story = {
  name: 'Pending invites: revoke fails',
  parameters: {
    bff: {
      pendingInvites,
      revokeInvite: problem(502, { title: 'Bad Gateway', requestId: 'req-502' }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Revoke the invite to grace@example.com' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke invite' }));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('req-502'));
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};

export const PendingInvitesLoadFailed: Story = {
  name: 'Pending invites: the list fails to load',
  parameters: {
    bff: { invites: problem(503, { title: 'Service Unavailable' }) } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The pending invites could not be loaded\./)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};
