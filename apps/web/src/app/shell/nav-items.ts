import type { Me } from '@high5/contract';
import { paths, type AppPath } from '../paths';

export type NavSection = 'main' | 'celebrate' | 'wellbeing' | 'manage';
export interface NavItem {
  path: AppPath;
  /** Key in `common:nav`. */
  label: string;
  section: NavSection;
}

const p = paths;
const item = (path: AppPath, label: string, section: NavSection): NavItem => ({ path, label, section });

const givingAll = [
  item(p.high5, 'high5', 'celebrate'),
  item(p.positiveVibes, 'positiveVibes', 'celebrate'),
  item(p.high5Report, 'high5Report', 'celebrate'),
  item(p.vibeReport, 'vibeReport', 'celebrate'),
];
const mood = item(p.mood, 'mood', 'wellbeing');
const journal = item(p.gratitudeJournal, 'gratitudeJournal', 'wellbeing');

/**
 * The sidebar by role and admin flag (docs/rules/shell.md#shell). The gratitude journal
 * sits in the header's help area on wide screens and in the sidebar at 550 px and below.
 */
export function navItems(me: Me, narrow: boolean): NavItem[] {
  const items: NavItem[] = [];
  // What people received is left out where the school hides it (high5_vibes off).
  const giving = me.school?.receivedVisible === false ? givingAll.filter((i) => i.path !== p.high5Report && i.path !== p.vibeReport) : givingAll;
  switch (me.role) {
    case 'teacher':
      items.push(
        item(p.dashboard, 'dashboard', 'main'),
        item(p.teacherClasses, 'teacherClasses', 'main'),
        item(p.seatingChart, 'seatingChart', 'main'),
        item(p.studentList, 'studentList', 'main'),
        item(p.feedback, 'feedback', 'main'),
        ...giving,
        mood,
        me.isAdmin ? item(p.admin, 'admin', 'manage') : item(p.teacherReport, 'teacherReport', 'manage'),
      );
      break;
    case 'student':
      items.push(
        item(p.dashboard, 'dashboard', 'main'),
        item(p.studentClasses, 'studentClasses', 'main'),
        item(p.trustedAdults, 'trustedAdults', 'main'),
        ...giving,
        mood,
      );
      break;
    case 'parent':
      items.push(item(p.dashboard, 'dashboard', 'main'), item(p.myStudents, 'myStudents', 'main'), item(p.viewHigh5, 'viewHigh5', 'main'), ...giving, mood);
      break;
    case 'staff':
      items.push(item(p.dashboard, 'dashboard', 'main'), item(p.viewHigh5, 'viewHigh5', 'main'), ...giving, mood);
      if (me.isAdmin) items.push(item(p.admin, 'admin', 'manage'));
      break;
    case 'superAdmin':
      items.push(
        item(p.superAdminReport, 'superAdminReport', 'manage'),
        item(p.makeAdmin, 'makeAdmin', 'manage'),
        item(p.addDistrict, 'addDistrict', 'manage'),
        item(p.settings, 'settings', 'manage'),
      );
      break;
    default:
      break;
  }
  if (narrow && me.role) items.push(journal);
  return items;
}
