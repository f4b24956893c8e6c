import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { issueKey } from './issue-key';

type TextValues = Record<string, string>;

/**
 * A form of text fields held without react-hook-form, for the sign-in page only: that library was
 * 12 KB of the page's first load (docs/decisions/0596). It keeps the contract form's behaviour: the
 * contract's schema, asked for when a field first takes the focus and used at the first submit (so
 * zod stays out of the first load and is there by the time the user has typed), words
 * issues with the same catalog keys (`issueKey`); the first invalid field takes the focus; after a
 * submit, each change is checked again; a valid submit gets the schema's output. Every other form
 * is a `useContractForm`.
 */
export function useLightForm<S extends z.ZodType<TextValues, TextValues>>(load: () => Promise<S>, defaults: z.input<S>) {
  type Name = keyof z.input<S> & string;
  const [values, setValues] = useState<TextValues>(defaults);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const submitted = useRef(false);
  const schema = useRef<Promise<S> | null>(null);
  // A failed download is asked for again next time, not kept.
  const loadSchema = () =>
    (schema.current ??= load().catch((error: unknown) => {
      schema.current = null;
      throw error;
    }));
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});

  const check = async (next: TextValues) => {
    const result = (await loadSchema()).safeParse(next, { error: issueKey });
    const found: Partial<Record<string, string>> = {};
    if (!result.success) for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    return { result, found };
  };

  /** The props that bind a text input: value, change, ref and the error's catalog key (`message`). */
  const field = (name: Name) => ({
    name,
    value: values[name] ?? '',
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted.current) void check(next);
    },
    onFocus: () => void loadSchema(),
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    message: errors[name],
  });

  const handleSubmit = (valid: (output: z.output<S>) => void, invalid?: () => void) => async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { result, found } = await check(values);
    if (result.success) return valid(result.data);
    const first = Object.keys(defaults).find((name) => found[name] !== undefined);
    if (first) inputs.current[first]?.focus();
    invalid?.();
  };

  const setValue = (name: Name, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return { field, handleSubmit, setValue };
}
