import { Navigate, Outlet, useMatches } from 'react-router';
import { allowedPaths, paths } from './paths';
import type { ShellHandle } from './router';
import { useMe } from './session';
import { Shell } from './shell/shell';

/** The signed-in shell: each role reaches exactly the paths of its route table. */
export function ShellRoute() {
  const me = useMe();
  const matches = useMatches();
  const shellPath = (matches.at(-1)?.handle as ShellHandle | undefined)?.shellPath;
  if (!me || !shellPath || !allowedPaths(me).has(shellPath)) return <Navigate to={paths.signIn} replace />;
  return (
    <Shell me={me}>
      <Outlet />
    </Shell>
  );
}
