/**
 * The one admin list page, driven by data: its texts, the table or cards, the actions' names,
 * what a confirmed change does to the list, and the banner when a change fails. The list is the
 * real server-state hook over an in-memory "server" (admin.e2e covers the screens on the stack).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient, ServerStateScope, useServerList } from '../../../shared/server-state';
import type { ListPage } from '../../../shared/server-state';
import { getSystem } from '../../../shared/ui';
import type { AdminListTexts } from '../api/admin-model';
import { useSearchedList } from '../hooks/use-searched-list';
import { AdminListPage, type ListAction, type ListItems } from './admin-list-page';

interface Row {
  id: string;
  name: string;
  on: boolean;
}

const TEXTS: AdminListTexts = {
  title: 'Things',
  loading: 'Loading things...',
  failed: 'Failed to fetch things',
  empty: 'No things',
};
const ITEMS: ListItems<Row> = { key: (r) => r.id, attribute: 'data-note-id', name: (r) => r.name };

function wrap(ui: ReactNode) {
  return render(
    <ChakraProvider value={getSystem()}>
      <ServerStateScope>{ui}</ServerStateScope>
    </ChakraProvider>,
  );
}

function Table({
  load,
  actions,
}: {
  load: (cursor: string | null) => Promise<ListPage<Row>>;
  actions?: (row: Row) => ListAction<Row>[];
}) {
  const list = useServerList(['test', 'rows'], load);
  return (
    <AdminListPage
      texts={TEXTS}
      list={list}
      items={ITEMS}
      view={{ columns: [{ header: 'Name', cell: (r) => r.name, strong: true }] }}
      {...(actions ? { actions } : {})}
    />
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('AdminListPage', () => {
  it('says it is loading, then shows the rows with named actions and an Actions column', async () => {
    let answer!: (page: ListPage<Row>) => void;
    wrap(
      <Table
        load={() => new Promise((resolve) => (answer = resolve))}
        actions={(r) => [{ label: 'Edit', open: () => undefined, title: `edit ${r.name}` }]}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Things' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading things...');
    answer({ items: [{ id: 'a', name: 'Alpha', on: false }], next: null });
    const table = await screen.findByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Actions']);
    const row = table.querySelector('tr[data-note-id="a"]');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByRole('button', { name: 'Edit Alpha' }).title).toBe(
      'edit Alpha',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the empty text, and the failure banner with the reason', async () => {
    wrap(<Table load={() => Promise.resolve({ items: [], next: null })} />);
    await screen.findByText('No things');
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    queryClient.clear();
    wrap(<Table load={() => Promise.reject(new Error('disk full'))} />);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to fetch things: disk full'),
    );
  });

  it('puts the saved item in its row; a failed change says so in the banner', async () => {
    let fail = false;
    wrap(
      <Table
        load={() => Promise.resolve({ items: [{ id: 'a', name: 'Alpha', on: false }], next: null })}
        actions={(r) => [
          {
            label: r.on ? 'Turn off' : 'Turn on',
            send: () =>
              fail ? Promise.reject(new Error('refused')) : Promise.resolve({ ...r, on: !r.on }),
            then: 'replace',
            failure: 'Failed to switch',
          },
        ]}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on Alpha' }));
    const off = await screen.findByRole('button', { name: 'Turn off Alpha' });
    expect(screen.queryByRole('alert')).toBeNull();
    fail = true;
    fireEvent.click(off);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to switch: refused'),
    );
    // The row keeps what the server last confirmed.
    expect(screen.getByRole('button', { name: 'Turn off Alpha' })).toBeTruthy();
  });

  it('shows cards with a count badge, and drops an item the server removed', async () => {
    function Cards() {
      const list = useServerList(['test', 'cards'], () =>
        Promise.resolve({
          items: [
            { id: 'a', name: 'Alpha', on: false },
            { id: 'b', name: 'Beta', on: false },
          ],
          next: 'more',
        }),
      );
      return (
        <AdminListPage
          texts={TEXTS}
          badge={(shown, more) => `${shown}${more ? '+' : ''} Things`}
          list={list}
          items={ITEMS}
          view={{ card: (r) => <h3>{r.name}</h3> }}
          actions={(r) => [
            {
              label: 'Approve',
              tone: 'approve',
              send: () => Promise.resolve(r.id),
              then: 'remove',
              failure: 'Failed',
            },
          ]}
        />
      );
    }
    wrap(<Cards />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2+ Things'));
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('data-note-id'))).toEqual(['a', 'b']);
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Approve Alpha' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1+ Things'));
    expect(screen.getAllByRole('listitem').map((c) => c.textContent)).toEqual(['BetaApprove']);
  });

  it("asks a confirmation's reason, refuses one too long, and sends the trimmed text", async () => {
    const sent: (string | undefined)[] = [];
    wrap(
      <Table
        load={() => Promise.resolve({ items: [{ id: 'a', name: 'Alpha', on: false }], next: null })}
        actions={(r) => [
          {
            label: 'Reject',
            tone: 'danger',
            confirm: {
              message: 'Sure?',
              label: 'Reject',
              reason: {
                label: 'Reason (optional)',
                problem: (t) => (t.trim().length > 5 ? 'Too long' : null),
              },
            },
            send: (reason) => {
              sent.push(reason);
              return Promise.resolve(r.id);
            },
            then: 'remove',
            failure: 'Failed',
          },
        ]}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Alpha' }));
    const dialog = await screen.findByRole('alertdialog');
    const field = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    fireEvent.change(field, { target: { value: 'far too long' } });
    expect(within(dialog).getByText('Too long')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' blur ' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual(['blur']));
    await waitFor(() => expect(screen.queryByText('Alpha')).toBeNull());
  });

  it('binds the search box to the searched list, asking the server for the typed text', async () => {
    const asked: string[] = [];
    function Searched() {
      const list = useSearchedList(['test', 'searched'], (query) => {
        asked.push(query);
        return Promise.resolve({
          items: [{ id: query || 'all', name: query ? `found ${query}` : 'everything', on: false }],
          next: null,
        });
      });
      return (
        <AdminListPage
          texts={{ ...TEXTS, search: { id: 's', label: 'Search things', placeholder: 'Name' } }}
          list={list}
          items={ITEMS}
          view={{ columns: [{ header: 'Name', cell: (r) => r.name }] }}
        />
      );
    }
    wrap(<Searched />);
    await screen.findByText('everything');
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    fireEvent.change(box, { target: { value: ' beta ' } });
    expect((box as HTMLInputElement).value).toBe(' beta ');
    await screen.findByText('found beta');
    expect(asked).toEqual(['', 'beta']);
  });
});
