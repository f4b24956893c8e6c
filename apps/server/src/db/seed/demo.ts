import type { Services } from '../../services/index.js';

export const DEMO_PASSWORD = 'High5-demo!';

/** The demo accounts, printed at start and listed in the README. */
export const DEMO_ACCOUNTS = [
  { login: 'superadmin@demo.high5.test', what: 'super admin' },
  { login: 'admin@demo.high5.test', what: 'teacher with the admin flag, Demo Elementary' },
  { login: 'teacher@demo.high5.test', what: 'teacher at Demo Elementary and Demo Middle' },
  { login: 'student@demo.high5.test', what: 'student, Demo Elementary' },
  { login: 'parent@demo.high5.test', what: 'parent of student@demo.high5.test' },
  { login: 'staff@demo.high5.test', what: 'staff, Demo Elementary' },
  { login: 'demo.student2', what: 'student with a username only' },
] as const;

/** Seeds the demo school on an empty database; does nothing when any district exists. */
export async function seedDemoIfEmpty(services: Services): Promise<boolean> {
  const any = await services.db.selectFrom('districts').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const { seedDemo } = await import('./demo-data.js');
  await seedDemo(services, DEMO_PASSWORD);
  return true;
}
