// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../../test/render';
import { DataTable, initialTableState, type DataColumn } from './data-table';

interface Person {
  id: string;
  name: string;
  given: number;
}

const people: Person[] = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, name: `Person ${String(i).padStart(2, '0')}`, given: (i * 7) % 11 }));
const columns: DataColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, value: (p) => p.name },
  { id: 'given', header: 'Given', cell: (p) => p.given, value: (p) => p.given, numeric: true },
];
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

afterEach(cleanup);

describe('DataTable', () => {
  it("shows the first page of 25 in its first column's order, with the count", async () => {
    await renderIn(<DataTable rows={[...people].reverse()} columns={columns} rowKey={(p) => p.id} caption="People" empty="Nobody yet" />);
    expect(names()).toHaveLength(25);
    expect(names()[0]).toBe('Person 00');
    expect(screen.getByText('30 rows')).toBeTruthy();
  });

  it('sorts by a header, then the other way on a second press', async () => {
    await renderIn(<DataTable rows={people} columns={columns} rowKey={(p) => p.id} caption="People" empty="Nobody yet" />);
    fireEvent.click(screen.getByRole('button', { name: /Given/ }));
    expect(names()[0]).toBe(people.find((p) => p.given === 0)!.name);
    fireEvent.click(screen.getByRole('button', { name: /Given/ }));
    expect(people.filter((p) => p.given === 10).map((p) => p.name)).toContain(names()[0]);
  });

  it('searches after a pause and says, in Spanish, when nobody matches', async () => {
    await renderIn(<DataTable rows={people} columns={columns} rowKey={(p) => p.id} caption="Personas" empty="Nadie todavía" />, 'es');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'Person 1' } });
    await waitFor(() => expect(names()).toHaveLength(10));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'Zoe' } });
    await waitFor(() => expect(screen.getByText('Nadie coincide con «Zoe».')).toBeTruthy());
  });

  it('says its empty text when there are no rows', async () => {
    await renderIn(<DataTable rows={[]} columns={columns} rowKey={(p: Person) => p.id} caption="People" empty="Nobody yet" />);
    expect(screen.getByText('Nobody yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks the server for the order when the server pages', async () => {
    const onStateChange = vi.fn();
    await renderIn(
      <DataTable
        rows={people.slice(0, 25)}
        columns={columns}
        rowKey={(p) => p.id}
        caption="People"
        empty="Nobody yet"
        server={{ total: 30, state: initialTableState(), onStateChange }}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Given/ })));
    expect(onStateChange).toHaveBeenCalledWith(expect.objectContaining({ sort: 'given', dir: 'asc', page: 0 }));
    // The rows are the server's page as sent: the table does not sort them itself.
    expect(names()[0]).toBe('Person 00');
  });
});
