import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { issueKey } from './issue-key';

export { issueKey } from './issue-key';

/** A form's schema: the contract's body schema (or one built from it), or a loader for it (see below). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type SchemaSource<S extends FormSchema> = S | (() => Promise<S>);

/**
 * Validates with the contract's schema; a loader is called on the first validation (a submit), so a
 * screen of the first load (sign-in) keeps zod out of it until the user acts (docs/decisions/0430).
 */
function contractResolver<S extends FormSchema>(source: SchemaSource<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let schema: S | undefined = typeof source === 'function' ? undefined : source;
  return async (values, context, options) => {
    schema ??= await (source as () => Promise<S>)();
    return zodResolver(schema, { error: issueKey })(values, context, options) as ReturnType<Resolver<z.input<S>, unknown, z.output<S>>>;
  };
}

/**
 * The one way a screen holds a form: react-hook-form validated by the contract's schema,
 * so the same rule answers on both sides. Errors are catalog keys (worded at render, so they follow a
 * language switch); `formState.isDirty` says whether there is an edit to save; submit handlers get
 * the schema's output (trimmed, lower-cased, as the server will read it).
 */
export function useContractForm<S extends FormSchema>(
  schema: SchemaSource<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const [resolver] = useState(() => contractResolver(schema));
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onSubmit', reValidateMode: 'onChange', ...options, resolver });
}

/**
 * Puts a 400's field issues (`body.<field>`) on the form's fields, as the client-side check would
 * have. Returns false when none of them names a field of this form (the caller shows the error whole).
 */
export function showServerIssues<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const values = form.getValues() as Record<string, unknown>;
  let shown = false;
  for (const issue of error.issues) {
    const field = issue.path.replace(/^body\./, '');
    if (field === issue.path || !(field.split('.')[0]! in values)) continue;
    form.setError(field as Path<T>, { type: 'server', message: issue.code }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
