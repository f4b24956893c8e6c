import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNotify } from '../ui/notifications';
import { useErrorText, type Area } from '../../lib/use-error-text';
import { showServerIssues } from './contract-form';

/**
 * How a form answers its save (the mutation's callbacks): on success a notice, then `done` (close the
 * dialog, reset the form); on failure the server's field issues on the fields (showServerIssues) and a
 * notice of what went wrong, in the area's words (`failure` may word it otherwise).
 */
export function useSaveOutcome<T extends FieldValues, Out extends FieldValues>(form: UseFormReturn<T, unknown, Out>, area: Area) {
  const notify = useNotify();
  const errorText = useErrorText(area);
  return <R>({ saved, done, failure }: { saved: (result: R) => string; done?: (result: R) => void; failure?: (error: unknown, text: string) => string }) => ({
    onSuccess: (result: R) => {
      notify('success', saved(result));
      done?.(result);
    },
    onError: (error: unknown) => {
      showServerIssues(form, error);
      notify('error', failure ? failure(error, errorText(error)) : errorText(error));
    },
  });
}
