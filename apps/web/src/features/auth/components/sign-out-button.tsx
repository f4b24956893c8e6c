import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/session';

/** Leaves a screen a signed-in user must finish first (setup, the new-password challenge): signs out, back to sign-in. */
export function SignOutButton({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Button
      color="inherit"
      onClick={async () => {
        await session.signOut();
        void navigate(paths.signIn, { replace: true });
      }}
    >
      {children}
    </Button>
  );
}
