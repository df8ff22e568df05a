// @vitest-environment jsdom
import { createColumnHelper } from '@tanstack/react-table';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.ts';
import { DataTable } from './DataTable.tsx';
import { EmptyState } from './EmptyState.tsx';

interface PhoneNumber {
  number: string;
  agent: string;
}
const column = createColumnHelper<PhoneNumber>();
const columns = [column.accessor('number', { header: 'Number' }), column.accessor('agent', { header: 'Agent' })];
const rows: PhoneNumber[] = [
  { number: '+33 1 00', agent: 'Bob' },
  { number: '+1 555', agent: 'Alice' },
  { number: '+44 20', agent: 'Carol' },
];

const i18n = createI18n('en');
const renderTable = (ui: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
const bodyColumn = (index: number) =>
  within(screen.getAllByRole('rowgroup')[1] as HTMLElement)
    .getAllByRole('row')
    .map((row) => row.querySelectorAll('td')[index]?.textContent);
afterEach(cleanup);

describe('DataTable', () => {
  it('renders rows and sorts by a column when its header is clicked', () => {
    renderTable(<DataTable columns={columns} data={rows} />);
    expect(bodyColumn(1)).toEqual(['Bob', 'Alice', 'Carol']);
    const header = screen.getByRole('columnheader', { name: /Agent/ });
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyColumn(1)).toEqual(['Alice', 'Bob', 'Carol']);
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(bodyColumn(1)).toEqual(['Carol', 'Bob', 'Alice']);
  });

  it('names each cell’s column (data-label) so a narrow layout can show it beside the value', () => {
    renderTable(<DataTable columns={columns} data={rows.slice(0, 1)} />);
    const cells = within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Number', 'Agent']);
  });

  it('leaves a server-sorted list in the order it came and asks the caller for the new sort', () => {
    const asked: unknown[] = [];
    const { rerender } = renderTable(
      <DataTable columns={columns} data={rows} sorting={[]} onSortingChange={(s) => asked.push(s)} />,
    );
    fireEvent.click(screen.getByRole('columnheader', { name: /Agent/ }));
    expect(asked).toEqual([[{ id: 'agent', desc: false }]]);
    expect(bodyColumn(1)).toEqual(['Bob', 'Alice', 'Carol']);
    // The server's next page arrives sorted; the table shows the sort without reordering.
    rerender(
      <I18nextProvider i18n={i18n}>
        <DataTable
          columns={columns}
          data={[rows[1]!, rows[2]!, rows[0]!]}
          sorting={[{ id: 'agent', desc: true }]}
          onSortingChange={(s) => asked.push(s)}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('columnheader', { name: /Agent/ }).getAttribute('aria-sort')).toBe('descending');
    expect(bodyColumn(1)).toEqual(['Alice', 'Carol', 'Bob']);
  });

  it('does not sort at all when sorting is off (a server page with no server sort)', () => {
    renderTable(<DataTable columns={columns} data={rows} enableSorting={false} />);
    const header = screen.getByRole('columnheader', { name: /Agent/ });
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(bodyColumn(1)).toEqual(['Bob', 'Alice', 'Carol']);
  });

  it('draws skeleton rows while loading', () => {
    renderTable(<DataTable columns={columns} data={undefined} loading skeletonRows={4} />);
    expect(screen.getAllByRole('row', { name: 'Loading rows' })).toHaveLength(4);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the given empty state, with its action, when there are no rows', () => {
    renderTable(
      <DataTable
        columns={columns}
        data={[]}
        empty={<EmptyState title="No numbers purchased yet." action={<button>Buy Number</button>} />}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No numbers purchased yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy Number' })).toBeTruthy();
  });

  it('falls back to a muted empty row without an empty state', () => {
    renderTable(<DataTable columns={columns} data={[]} />);
    expect(screen.getByText('Nothing to show yet')).toBeTruthy();
  });

  it('settles when its rows go back to loading (no render loop on a list whose key changed)', async () => {
    // A paged list whose filters change drops its rows (data undefined) while the new first page
    // loads. Each change of `data` makes TanStack Table reset the page index, which re-renders the
    // table; a fresh `[]` per render would change `data` again, forever (the call history's hang).
    let renders = 0;
    const counted = [
      column.accessor('number', {
        header: () => {
          renders += 1;
          return 'Number';
        },
      }),
    ];
    const { rerender } = renderTable(<DataTable columns={counted} data={undefined} loading />);
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    for (const data of [rows, undefined]) {
      await settle();
      rerender(
        <I18nextProvider i18n={i18n}>
          <DataTable columns={counted} data={data} loading={data === undefined} />
        </I18nextProvider>,
      );
    }
    renders = 0;
    await settle();
    expect(renders).toBeLessThan(5);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});
