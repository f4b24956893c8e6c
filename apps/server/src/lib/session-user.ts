import type { Role, SessionRole, Language } from '@high5/contract';

export interface Membership {
  schoolId: string;
  schoolName: string;
  districtName: string;
  paid: boolean;
  role: Role;
  isAdmin: boolean;
  status: 'active' | 'pending';
  /** The school's high5_vibes setting: what people received is shown only when true. */
  receivedVisible: boolean;
  /** The school's IANA time zone. */
  timeZone: string;
}

/** The signed-in user as every route sees it: the chosen school decides role and admin flag. */
export interface SessionUser {
  id: string;
  sessionHash: string;
  email: string | null;
  username: string | null;
  firstName: string;
  lastName: string;
  language: Language;
  isSuperAdmin: boolean;
  mustChangePassword: boolean;
  hasPassword: boolean;
  memberships: Membership[];
  /** The school the session works in (null for a super admin or a user without a school yet). */
  school: Membership | null;
  role: SessionRole | null;
  isAdmin: boolean;
  /** The session is idle-locked (docs/decisions/0160). */
  locked: boolean;
}
