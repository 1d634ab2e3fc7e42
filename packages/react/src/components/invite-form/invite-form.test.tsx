import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../client/transport.js';
import { SpliceProvider } from '../../provider/splice-provider.js';
import { jsonResponse, testWrapper } from '../../test-utils/test-provider.js';
import { InviteForm } from './invite-form.js';

const invite = {
  id: 'inv_1',
  invitedEmail: 'ada@example.com',
  parentType: 'org',
  parentId: 'org_1',
  status: 'pending',
  createTime: '2026-11-21T10:00:00Z',
};

/**
 * `fetch` sees the form's own requests; the pending list's `GET /invites` is answered apart (empty), so
 * that these tests count and script only what the form sends.
 */
function setup(fetch: FetchLike, props: Parameters<typeof InviteForm>[0] = {}) {
  const Wrapper = testWrapper((input, init) =>
    (init?.method ?? 'GET') === 'GET' && String(input).endsWith('/invites')
      ? Promise.resolve(jsonResponse({ invites: [] }))
      : fetch(input, init),
  );
  render(
    <Wrapper>
      <InviteForm {...props} />
    </Wrapper>,
  );
  return {
    input: screen.getByRole('textbox', { name: 'E-mail address' }),
    submit: screen.getByRole('button', { name: 'Send invite' }),
  };
}

describe('InviteForm', () => {
  it('refuses an invalid address next to the field and sends nothing', async () => {
    const fetch = vi.fn<FetchLike>();
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'not-an-address');
    await userEvent.click(submit);

    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Enter a valid e-mail address'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('removes an earlier "Invite sent" when the next address is refused', async () => {
    const fetch = vi.fn<FetchLike>(async () => jsonResponse(invite, 201));
    const { input, submit } = setup(fetch);
    await userEvent.type(input, 'ada@example.com');
    await userEvent.click(submit);
    expect(await screen.findByText('Invite sent to ada@example.com.')).toBeInTheDocument();

    await userEvent.type(input, 'dana@');
    await userEvent.click(submit);

    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(/Invite sent to/)).not.toBeInTheDocument();
    expect(input).toHaveValue('dana@');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks for an address when the field is empty', async () => {
    const fetch = vi.fn<FetchLike>();
    const { input, submit } = setup(fetch);

    await userEvent.click(submit);

    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('Enter an e-mail address.')),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the invite and shows it with its status', async () => {
    const fetch = vi.fn<FetchLike>(async () => jsonResponse(invite, 201));
    const onInvited = vi.fn();
    const { input, submit } = setup(fetch, { onInvited });

    await userEvent.type(input, 'ada@example.com');
    await userEvent.click(submit);

    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Invite sent to ada@example.com.'));
    expect(status).toHaveTextContent('Status: Pending');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ email: 'ada@example.com' });
    expect(onInvited).toHaveBeenCalledWith(invite);
    expect(input).toHaveValue('');
  });

  it("puts a server 400's issue on the field it names and keeps the typed address", async () => {
    const problem = {
      type: 'urn:problem-type:validation',
      title: 'Bad Request',
      status: 400,
      detail: 'The request has 1 invalid value: email.',
      issues: [{ type: 'x', detail: 'This domain does not accept invitations.', in: 'body', name: 'email' }],
    };
    const fetch = vi.fn<FetchLike>(async () => jsonResponse(problem, 400));
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'ada@blocked.example');
    await userEvent.click(submit);

    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('does not accept invitations')),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('ada@blocked.example');
    expect(input).toHaveFocus();
  });

  it('lists issues that name no field of the form in the alert rather than dropping them', async () => {
    const problem = {
      type: 'urn:problem-type:validation',
      title: 'Bad Request',
      status: 400,
      detail: 'The request has 1 invalid value: role.',
      issues: [{ type: 'x', detail: 'Unknown property.', in: 'body', name: 'role' }],
    };
    const fetch = vi.fn<FetchLike>(async () => jsonResponse(problem, 400));
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'ada@example.com');
    await userEvent.click(submit);

    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('role: Unknown property.'));
    expect(input).toHaveValue('ada@example.com');
  });

  it('explains a 409 next to the field and keeps the address', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      jsonResponse({ type: 'urn:x', title: 'Conflict', status: 409 }, 409),
    );
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'ada@example.com');
    await userEvent.click(submit);

    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('cannot be invited again')),
    );
    expect(input).toHaveValue('ada@example.com');
  });

  it('tells the user to sign in again on a 401, in an alert, and keeps the address', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      jsonResponse({ type: 'urn:x', title: 'Unauthorized', status: 401 }, 401),
    );
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'ada@example.com');
    await userEvent.click(submit);

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended'));
    expect(input).toHaveValue('ada@example.com');
  });

  it('explains a network failure in an alert and keeps the address for another try', async () => {
    const fetch = vi
      .fn<FetchLike>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(invite, 201));
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'ada@example.com');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('could not be reached'));
    expect(input).toHaveValue('ada@example.com');

    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Invite sent'));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('quotes the request ID of a server failure so the user can report it', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      jsonResponse({ type: 'about:blank', title: 'Bad Gateway', status: 502, requestId: 'req-42' }, 502),
    );
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'ada@example.com');
    await userEvent.click(submit);

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Reference: req-42'));
    expect(screen.getByRole('alert')).toHaveTextContent('could not complete the request');
  });

  it('leads with what to do for an oversized request, the reference small below it', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'Content Too Large',
          status: 413,
          detail: 'The body is larger than 16,384 bytes.',
          requestId: 'req-7',
        },
        413,
      ),
    );
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'ada@example.com');
    await userEvent.click(submit);

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Shorten the longest values'));
    expect(alert).not.toHaveTextContent('bytes');
    const paragraphs = alert.querySelectorAll('p');
    expect(paragraphs[0]).toHaveTextContent('That is more than can be sent at once.');
    const reference = alert.querySelector('[data-part="reference"] small');
    expect(reference).toHaveTextContent('Reference: req-7');
  });

  it('sends one invite for a double click', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn<FetchLike>(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { input, submit } = setup(fetch);

    await userEvent.type(input, 'ada@example.com');
    await userEvent.dblClick(submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    answer(jsonResponse(invite, 201));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Invite sent'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('uses replacement messages from the provider', () => {
    const fetch = vi.fn<FetchLike>();
    render(
      <SpliceProvider
        baseUrl="/bff"
        fetch={fetch}
        queryClient={new QueryClient()}
        messages={{ inviteEmailLabel: 'Adresse e-mail', inviteSubmit: 'Inviter' }}
      >
        <InviteForm />
      </SpliceProvider>,
    );

    expect(screen.getByRole('textbox', { name: 'Adresse e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inviter' })).toBeInTheDocument();
  });

  it('shows the error fallback instead of crashing the page when used without a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <h1>Settings</h1>
        <InviteForm />
      </main>,
    );

    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be shown');
    vi.restoreAllMocks();
  });
});
