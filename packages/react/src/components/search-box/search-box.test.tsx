import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../client/transport.js';
import { integrationFixture } from '../../test-utils/integration-fixture.js';
import { jsonResponse, testWrapper } from '../../test-utils/test-provider.js';
import { SearchBox } from './search-box.js';

const record = {
  id: 'c-1',
  fields: { email: 'ada@example.com', age: 36, is_vip: true, stage: 'lead', city: 'London' },
  mappedFields: { customerEmail: 'ada@example.com' },
  raw: { Email: 'ada@example.com', Nested: { a: 1 } },
};

type SearchAnswer = () => Response | Promise<Response>;

function bff(answer: SearchAnswer, details = integrationFixture()) {
  return vi.fn<FetchLike>(async (url) => {
    if (String(url).endsWith('/search')) return answer();
    return jsonResponse(details);
  });
}

function searchCalls(fetch: ReturnType<typeof bff>) {
  return fetch.mock.calls.filter(([url]) => String(url).endsWith('/search'));
}

function setup(fetch: FetchLike) {
  const Wrapper = testWrapper(fetch);
  return render(
    <Wrapper>
      <SearchBox integrationId="int_1" />
    </Wrapper>,
  );
}

async function addCondition(index: number, field: string, value?: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
  const row = screen.getByRole('group', { name: `Condition ${index}` });
  await userEvent.selectOptions(within(row).getByRole('combobox', { name: 'Field' }), field);
  if (value !== undefined) await userEvent.type(within(row).getByRole('textbox', { name: 'Value' }), value);
  return row;
}

describe('SearchBox', () => {
  it('shows a loading state while the integration loads', async () => {
    setup(bff(() => jsonResponse({ results: [] })));

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await screen.findByRole('combobox', { name: 'Object' });
  });

  it('offers only the objects that are searchable for the group', async () => {
    setup(bff(() => jsonResponse({ results: [] })));

    const picker = await screen.findByRole('combobox', { name: 'Object' });
    const names = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Contacts', 'Companies']);
  });

  it('links "Install the integration first" to where the host installs it', async () => {
    const Wrapper = testWrapper(
      bff(() => jsonResponse({ results: [] }), integrationFixture({ searchableObjects: [] })),
    );
    render(
      <Wrapper>
        <SearchBox integrationId="int_1" installHref="#/install" />
      </Wrapper>,
    );
    expect(await screen.findByRole('link', { name: 'Install the integration first' })).toHaveAttribute(
      'href',
      '#/install',
    );
  });

  it('says so when no object can be searched yet', async () => {
    setup(bff(() => jsonResponse({ results: [] }), integrationFixture({ searchableObjects: [] })));

    expect(await screen.findByText(/No object can be searched yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('groups the field picker into your mapped fields and the provider fields', async () => {
    setup(bff(() => jsonResponse({ results: [] })));
    await screen.findByRole('combobox', { name: 'Object' });

    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const fieldPicker = within(screen.getByRole('group', { name: 'Condition 1' })).getByRole('combobox', {
      name: 'Field',
    });
    const groups = within(fieldPicker).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Your fields', 'Provider fields']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Customer e-mail', 'years']);
  });

  it('says in the form that values match exactly, read with the conditions', async () => {
    setup(bff(() => jsonResponse({ results: [] })));
    await screen.findByRole('combobox', { name: 'Object' });
    expect(screen.getByText(/must match exactly, capital letters included/)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Conditions (all must match)' })).toHaveAccessibleDescription(
      /must match exactly/,
    );
  });

  it('sends a typed e-mail address trimmed and in lower case', async () => {
    const fetch = bff(() => jsonResponse({ results: [] }));
    setup(fetch);
    await screen.findByRole('combobox', { name: 'Object' });
    await addCondition(1, 'email', '  Ada@Example.COM ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searchCalls(fetch)).toHaveLength(1));
    const body = JSON.parse(String(searchCalls(fetch)[0]?.[1]?.body));
    expect(body.fieldFilters).toEqual([{ fieldName: 'email', operator: 'eq', value: 'ada@example.com' }]);
  });

  it('types the value input by the field: true/false for a boolean field', async () => {
    setup(bff(() => jsonResponse({ results: [] })));
    await screen.findByRole('combobox', { name: 'Object' });

    const row = await addCondition(1, 'is_vip');

    const value = within(row).getByRole('combobox', { name: 'Value' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['True', 'False']);
  });

  it('sends typed values: a number for a number field, a boolean for a boolean field', async () => {
    const fetch = bff(() => jsonResponse({ results: [record] }));
    setup(fetch);
    await screen.findByRole('combobox', { name: 'Object' });

    await addCondition(1, 'age', '36');
    const vip = await addCondition(2, 'is_vip');
    await userEvent.selectOptions(within(vip).getByRole('combobox', { name: 'Value' }), 'false');
    await addCondition(3, 'customerEmail', 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(searchCalls(fetch)).toHaveLength(1));
    expect(JSON.parse(String(searchCalls(fetch)[0]?.[1]?.body))).toEqual({
      objectName: 'contacts',
      fieldFilters: [
        { fieldName: 'age', operator: 'eq', value: 36 },
        { fieldName: 'is_vip', operator: 'eq', value: false },
        { fieldName: 'customerEmail', operator: 'eq', value: 'ada@example.com' },
      ],
    });
  });

  it('refuses a non-number for a number field next to the value, and sends nothing', async () => {
    const fetch = bff(() => jsonResponse({ results: [] }));
    setup(fetch);
    await screen.findByRole('combobox', { name: 'Object' });

    const row = await addCondition(1, 'age', 'old');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const value = within(row).getByRole('textbox', { name: 'Value' });
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription('Enter a number.');
    expect(value).toHaveFocus();
    expect(searchCalls(fetch)).toHaveLength(0);
  });

  it('allows one condition per field', async () => {
    const fetch = bff(() => jsonResponse({ results: [] }));
    setup(fetch);
    await screen.findByRole('combobox', { name: 'Object' });

    await addCondition(1, 'email', 'a@example.com');
    const second = await addCondition(2, 'email', 'b@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(within(second).getByRole('combobox', { name: 'Field' })).toHaveAccessibleDescription(
      'This field already has a condition: use one condition per field.',
    );
    expect(searchCalls(fetch)).toHaveLength(0);
  });

  it('names the object, the columns and picklist values by their display names', async () => {
    setup(bff(() => jsonResponse({ results: [record] })));
    await screen.findByRole('combobox', { name: 'Object' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const table = await screen.findByRole('table', { name: 'Results for Contacts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Customer e-mail', 'E-mail', 'Age', 'VIP', 'Stage']);
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // The picklist's value by its display name ("Lead", not `lead`); other values as they are.
    expect(cells.slice(1, 6)).toEqual(['ada@example.com', 'ada@example.com', '36', 'true', 'Lead']);
    expect(within(table).getByRole('cell', { name: 'Lead' })).toHaveAttribute('data-label', 'Stage');
  });

  it('shows results with mapped fields first, and expands a row to its fields and raw record', async () => {
    setup(bff(() => jsonResponse({ results: [record] })));
    await screen.findByRole('combobox', { name: 'Object' });

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const table = await screen.findByRole('table', { name: 'Results for Contacts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['ID', 'Customer e-mail', 'E-mail']);
    expect(screen.getByRole('status')).toHaveTextContent('1 record found');
    // One result is all there is: no "first page" hint, which would suggest more matches exist.
    expect(screen.queryByText(/There may be more matches/)).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Show details of c-1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);

    expect(screen.getByRole('button', { name: 'Hide details of c-1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Every field as a name and its value, in words; the provider's own answer folded away beneath.
    const city = screen.getAllByRole('term').find((term) => term.textContent === 'city');
    expect(city?.nextElementSibling).toHaveTextContent('London');
    expect(screen.queryByText(/"city": "London"/)).not.toBeInTheDocument();
    expect(screen.getByText('As the provider returns it').closest('details')).not.toHaveAttribute('open');
    expect(screen.getByText(/"Nested": \{/)).toBeInTheDocument();
  });

  it('lets a long e-mail address break before its "@", and a short value not at all', async () => {
    const long = { ...record, mappedFields: { customerEmail: 'mei_thompson1@blueharborfreight.io' } };
    setup(bff(() => jsonResponse({ results: [long] })));
    await screen.findByRole('combobox', { name: 'Object' });

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByRole('table', { name: 'Results for Contacts' });
    const longCell = screen
      .getAllByRole('cell')
      .find((c) => c.textContent === 'mei_thompson1@blueharborfreight.io');
    expect(longCell?.innerHTML).toBe('mei_thompson1<wbr>@blueharborfreight.io');
    expect(longCell).toHaveAttribute('data-wrap', 'long');
    const shortCell = screen.getAllByRole('cell').find((c) => c.textContent === 'ada@example.com');
    expect(shortCell?.innerHTML).toBe('ada@example.com');
    expect(shortCell).not.toHaveAttribute('data-wrap');
  });

  it('calls a full page the first matches, not a count', async () => {
    const page = Array.from({ length: 100 }, (_, i) => ({ ...record, id: `c-${i}` }));
    setup(bff(() => jsonResponse({ results: page })));
    await screen.findByRole('combobox', { name: 'Object' });

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The first 100 matches'));
    expect(screen.getByRole('status')).not.toHaveTextContent('100 records found');
    expect(screen.getByText(/There may be more matches than these/)).toBeInTheDocument();
  });

  it('clears the results of an earlier search when new conditions fail their check', async () => {
    const fetch = bff(() => jsonResponse({ results: [record] }));
    setup(fetch);
    await screen.findByRole('combobox', { name: 'Object' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Results for Contacts' });

    const row = await addCondition(1, 'age', 'old');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(within(row).getByRole('textbox', { name: 'Value' })).toHaveAccessibleDescription(
      'Enter a number.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(within(row).getByRole('textbox', { name: 'Value' })).toHaveValue('old');
    expect(searchCalls(fetch)).toHaveLength(1);
  });

  it('says when nothing matches', async () => {
    setup(bff(() => jsonResponse({ results: [] })));
    await screen.findByRole('combobox', { name: 'Object' });

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('No records match these conditions.'),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a searching state while the search runs', async () => {
    let answer: (response: Response) => void = () => {};
    setup(bff(() => new Promise<Response>((resolve) => (answer = resolve))));
    await screen.findByRole('combobox', { name: 'Object' });

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Searching…'));
    answer(jsonResponse({ results: [record] }));
    await screen.findByRole('table');
  });

  it("puts a 400's issue on the condition it names and keeps every typed value", async () => {
    const problem = {
      type: 'urn:problem-type:validation',
      title: 'Bad Request',
      status: 400,
      detail: 'The request has 1 invalid value: fieldFilters[1].value.',
      issues: [{ type: 'x', detail: 'Expected a date.', in: 'body', name: 'fieldFilters[1].value' }],
    };
    setup(bff(() => jsonResponse(problem, 400)));
    await screen.findByRole('combobox', { name: 'Object' });

    await addCondition(1, 'age', '36');
    const second = await addCondition(2, 'email', 'yesterday');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const value = within(second).getByRole('textbox', { name: 'Value' });
    await waitFor(() => expect(value).toHaveAccessibleDescription('Expected a date.'));
    expect(value).toHaveValue('yesterday');
    expect(screen.getByRole('alert')).toHaveTextContent('invalid value');
    expect(
      within(screen.getByRole('group', { name: 'Condition 1' })).getByRole('textbox', { name: 'Value' }),
    ).toHaveValue('36');
  });

  it('explains a failed search in an alert', async () => {
    setup(
      bff(() =>
        jsonResponse({ type: 'about:blank', title: 'Gateway Timeout', status: 504, requestId: 'r-7' }, 504),
      ),
    );
    await screen.findByRole('combobox', { name: 'Object' });

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(
      () => expect(screen.getByRole('alert')).toHaveTextContent('could not complete the request'),
      {
        timeout: 5_000,
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Reference: r-7');
  });

  it('keeps the conditions of each object when the user switches objects and back', async () => {
    setup(bff(() => jsonResponse({ results: [] })));
    const picker = await screen.findByRole('combobox', { name: 'Object' });

    await addCondition(1, 'email', 'ada@example.com');
    await userEvent.selectOptions(picker, 'companies');
    expect(screen.queryByRole('group', { name: 'Condition 1' })).not.toBeInTheDocument();
    await userEvent.selectOptions(picker, 'contacts');

    const row = screen.getByRole('group', { name: 'Condition 1' });
    expect(within(row).getByRole('textbox', { name: 'Value' })).toHaveValue('ada@example.com');
  });

  it('shows only the newest answer when a search is replaced before the first one answers', async () => {
    const answers: ((response: Response) => void)[] = [];
    const fetch = bff(() => new Promise<Response>((resolve) => answers.push(resolve)));
    setup(fetch);
    const picker = await screen.findByRole('combobox', { name: 'Object' });

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    await userEvent.selectOptions(picker, 'companies');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(answers).toHaveLength(2));

    answers[1]?.(jsonResponse({ results: [{ id: 'co-1', fields: {}, mappedFields: {}, raw: {} }] }));
    answers[0]?.(jsonResponse({ results: [record] }));

    expect(await screen.findByRole('table', { name: 'Results for Companies' })).toBeInTheDocument();
    expect(screen.queryByText('c-1')).not.toBeInTheDocument();
    expect(searchCalls(fetch)[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it('offers Retry when the integration cannot be loaded', async () => {
    const fetch = vi
      .fn<FetchLike>()
      .mockResolvedValueOnce(
        jsonResponse(
          { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such integration.' },
          404,
        ),
      )
      .mockResolvedValue(jsonResponse(integrationFixture()));
    setup(fetch);

    expect(await screen.findByRole('alert')).toHaveTextContent('No such integration.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('combobox', { name: 'Object' })).toBeInTheDocument();
  });
});
