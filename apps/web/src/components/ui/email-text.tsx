import { Fragment } from 'react';

/**
 * An e-mail address that wraps only after its "@" and dots on a narrow screen, never in the
 * middle of a name (overflow-wrap 'anywhere' cut "ana.lop|ez@…"); a single part longer than the
 * line still wraps as a last resort (the parent's overflow-wrap: break-word).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
