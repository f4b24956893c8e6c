// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderIn } from '../../test/render';
import { useContractForm } from './contract-form';
import { FormTextField } from './form-text-field';

const NameSchema = z.object({ name: z.string().trim().min(1).max(20) });

function NameForm({ onSave }: { onSave: (value: z.output<typeof NameSchema>) => void }) {
  const form = useContractForm(NameSchema, { defaultValues: { name: '' } });
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSave)(event)} noValidate>
      <FormTextField control={form.control} name="name" label="Name" />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(cleanup);

describe('useContractForm with a contract schema', () => {
  it('refuses a blank field with the translated message, focused, and sends nothing', async () => {
    const onSave = vi.fn();
    await renderIn(<NameForm onSave={onSave} />, 'es');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).not.toMatch(/^errors:|field\./);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("checks again on each change after a submit, and saves the schema's output (trimmed)", async () => {
    const onSave = vi.fn();
    await renderIn(<NameForm onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(field, { target: { value: '  Ana  ' } });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('false'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Ana' }, expect.anything()));
  });
});
