import { SchoolRoster } from '../super/roster/school-roster';
import { FamilyLinks } from './family-links';
import { MoodConsentList } from './mood-consents';
import { UserManagement } from './user-management';

/**
 * Everything an admin manages about the school's people, in one place: teachers and
 * staff, family links and mood consents, and the roster file. Shown under School analytics → Admin users and at
 * /admin-users (the address the approval e-mails link to).
 */
export function UsersPanel() {
  return (
    <>
      <UserManagement />
      <FamilyLinks />
      <MoodConsentList />
      <SchoolRoster />
    </>
  );
}
