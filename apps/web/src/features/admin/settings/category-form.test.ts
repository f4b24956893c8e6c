import type { AdminCategory } from '@high5/contract';
import { describe, expect, it } from 'vitest';
import { categoriesUpdate, categoryListForm, categoryRow, changedRows } from './category-form';

const saved: AdminCategory[] = [
  { id: '00000000-0000-4000-8000-000000000001', kind: 'high5', builtIn: true, nameEn: 'Kindness', nameEs: 'Amabilidad', enabled: true },
  { id: '00000000-0000-4000-8000-000000000002', kind: 'high5', builtIn: false, nameEn: 'Curiosity', nameEs: 'Curiosidad', enabled: true },
];

describe('category editor form', () => {
  it('when nothing changed, no row is sent', () => {
    expect(changedRows(saved.map(categoryRow), saved)).toEqual([]);
  });

  it('sends the changed rows only: a flag of a built-in one, the names of a school one', () => {
    const rows = saved.map(categoryRow);
    rows[0]!.enabled = false;
    rows[1]!.nameEs = 'Curiosidad!';
    expect(categoriesUpdate(changedRows(rows, saved))).toEqual({
      items: [
        { id: saved[0]!.id, enabled: false },
        { id: saved[1]!.id, enabled: true, nameEn: 'Curiosity', nameEs: 'Curiosidad!' },
      ],
    });
  });

  it('when a name is blank, the form refuses it on that field', () => {
    const rows = saved.map(categoryRow);
    rows[1]!.nameEn = '   ';
    const result = categoryListForm.safeParse({ items: rows });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['items.1.nameEn']);
  });
});
