// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
// The web app calls the API through these (method and path only), so its bundle carries no zod schema;
// the types still come from the endpoints, so a changed path or schema is a type error in every caller.
import type { ApiRoutes } from './api-route.js';
import type { systemEndpoints } from './system.js';
import type { authEndpoints } from './auth.js';
import type { recognitionEndpoints } from './recognition.js';
import type { profileEndpoints } from './profile.js';
import type { classroomEndpoints } from './classroom.js';
import type { adminEndpoints } from './admin.js';
import type { alertEndpoints } from './alerts.js';
import type { superEditEndpoints } from './super-edit.js';
import type { rosteringEndpoints } from './rostering.js';

export const systemApi: ApiRoutes<typeof systemEndpoints> = {
  health: { id: 'system.health', method: 'GET', path: '/health' },
  ready: { id: 'system.ready', method: 'GET', path: '/health/ready' },
  high5Count: { id: 'system.high5Count', method: 'GET', path: '/high5s/count' },
};

export const authApi: ApiRoutes<typeof authEndpoints> = {
  config: { id: 'auth.config', method: 'GET', path: '/auth/config' },
  signIn: { id: 'auth.signIn', method: 'POST', path: '/auth/sign-in' },
  completeNewPassword: { id: 'auth.completeNewPassword', method: 'POST', path: '/auth/new-password' },
  me: { id: 'auth.me', method: 'GET', path: '/auth/me' },
  signOut: { id: 'auth.signOut', method: 'POST', path: '/auth/sign-out' },
  signOutEverywhere: { id: 'auth.signOutEverywhere', method: 'POST', path: '/auth/sign-out-everywhere' },
  changePassword: { id: 'auth.changePassword', method: 'POST', path: '/auth/password' },
  lock: { id: 'auth.lock', method: 'POST', path: '/auth/lock' },
  unlock: { id: 'auth.unlock', method: 'POST', path: '/auth/unlock' },
  forgotPassword: { id: 'auth.forgotPassword', method: 'POST', path: '/auth/forgot-password' },
  resetPassword: { id: 'auth.resetPassword', method: 'POST', path: '/auth/reset-password' },
  resetWithLink: { id: 'auth.resetWithLink', method: 'POST', path: '/auth/reset-link' },
  signUp: { id: 'auth.signUp', method: 'POST', path: '/auth/sign-up' },
  verifyEmail: { id: 'auth.verifyEmail', method: 'POST', path: '/auth/verify-email' },
  districts: { id: 'auth.districts', method: 'GET', path: '/districts' },
  districtSchools: { id: 'auth.districtSchools', method: 'GET', path: '/districts/:districtId/schools' },
  setup: { id: 'auth.setup', method: 'POST', path: '/auth/setup' },
  switchSchool: { id: 'auth.switchSchool', method: 'PUT', path: '/auth/school' },
  setLanguage: { id: 'auth.setLanguage', method: 'PUT', path: '/auth/language' },
};

export const recognitionApi: ApiRoutes<typeof recognitionEndpoints> = {
  recipients: { id: 'recognition.recipients', method: 'GET', path: '/recognition/recipients' },
  categories: { id: 'recognition.categories', method: 'GET', path: '/recognition/categories' },
  allowance: { id: 'recognition.allowance', method: 'GET', path: '/recognition/allowance' },
  giveOptions: { id: 'recognition.giveOptions', method: 'GET', path: '/recognition/give-options' },
  give: { id: 'recognition.give', method: 'POST', path: '/recognitions' },
  dashboard: { id: 'recognition.dashboard', method: 'GET', path: '/recognition/dashboard' },
  received: { id: 'recognition.received', method: 'GET', path: '/recognition/received' },
};

export const profileApi: ApiRoutes<typeof profileEndpoints> = {
  getProfile: { id: 'profile.get', method: 'GET', path: '/profile' },
  updateProfile: { id: 'profile.update', method: 'PUT', path: '/profile' },
  uploadPhoto: { id: 'profile.uploadPhoto', method: 'POST', path: '/profile/photo' },
  myAvatar: { id: 'avatar.mine', method: 'GET', path: '/avatar' },
  saveAvatar: { id: 'avatar.save', method: 'PUT', path: '/avatar' },
  avatars: { id: 'avatar.ofUsers', method: 'GET', path: '/avatars' },
  userAvatar: { id: 'avatar.ofUser', method: 'GET', path: '/avatars/:userId' },
  inviteParent: { id: 'family.inviteParent', method: 'POST', path: '/family/parents' },
  myParents: { id: 'family.parents', method: 'GET', path: '/family/parents' },
  familyRequests: { id: 'family.requests', method: 'GET', path: '/family/requests' },
  acceptFamilyRequest: { id: 'family.acceptRequest', method: 'POST', path: '/family/requests/:requestId/accept' },
  declineFamilyRequest: { id: 'family.declineRequest', method: 'POST', path: '/family/requests/:requestId/decline' },
  studentDetails: { id: 'studentDetails.get', method: 'GET', path: '/student-details/:studentId' },
  updateStudentFlags: { id: 'studentDetails.updateFlags', method: 'PUT', path: '/student-details/:studentId/flags' },
  uploadStudentPhoto: { id: 'studentDetails.uploadPhoto', method: 'POST', path: '/student-details/:studentId/photo' },
  studentAttendance: { id: 'studentDetails.attendance', method: 'GET', path: '/student-details/:studentId/attendance' },
  studentMoods: { id: 'studentDetails.moods', method: 'GET', path: '/student-details/:studentId/moods' },
  studentNotes: { id: 'studentDetails.notes', method: 'GET', path: '/student-details/:studentId/notes' },
  addStudentNote: { id: 'studentDetails.addNote', method: 'POST', path: '/student-details/:studentId/notes' },
};

export const classroomApi: ApiRoutes<typeof classroomEndpoints> = {
  classList: { id: 'classroom.classList', method: 'GET', path: '/classes' },
  classCreate: { id: 'classroom.classCreate', method: 'POST', path: '/classes' },
  classRename: { id: 'classroom.classRename', method: 'PUT', path: '/classes/:classId' },
  classDelete: { id: 'classroom.classDelete', method: 'DELETE', path: '/classes/:classId' },
  classStudents: { id: 'classroom.classStudents', method: 'GET', path: '/classes/:classId/students' },
  classStudentCandidates: { id: 'classroom.classStudentCandidates', method: 'GET', path: '/classes/:classId/student-candidates' },
  classEnrol: { id: 'classroom.classEnrol', method: 'POST', path: '/classes/:classId/students' },
  classRemoveStudent: { id: 'classroom.classRemoveStudent', method: 'DELETE', path: '/classes/:classId/students/:studentId' },
  classRequests: { id: 'classroom.classRequests', method: 'GET', path: '/classes/:classId/requests' },
  classDecideRequests: { id: 'classroom.classDecideRequests', method: 'POST', path: '/classes/:classId/requests/decision' },
  classTeachers: { id: 'classroom.classTeachers', method: 'GET', path: '/classes/:classId/teachers' },
  classTeacherCandidates: { id: 'classroom.classTeacherCandidates', method: 'GET', path: '/classes/:classId/teacher-candidates' },
  classAddTeacher: { id: 'classroom.classAddTeacher', method: 'POST', path: '/classes/:classId/teachers' },
  classRemoveTeacher: { id: 'classroom.classRemoveTeacher', method: 'DELETE', path: '/classes/:classId/teachers/:teacherId' },
  classInvite: { id: 'classroom.classInvite', method: 'POST', path: '/classes/:classId/invitations' },
  studentClasses: { id: 'classroom.studentClasses', method: 'GET', path: '/student/classes' },
  studentClassmates: { id: 'classroom.studentClassmates', method: 'GET', path: '/student/classes/:classId/students' },
  studentRequestEnrolment: { id: 'classroom.studentRequestEnrolment', method: 'POST', path: '/student/classes/:classId/request' },
  moodSettings: { id: 'classroom.moodSettings', method: 'GET', path: '/moods/settings' },
  moodMine: { id: 'classroom.moodMine', method: 'GET', path: '/moods/mine' },
  moodCheckIn: { id: 'classroom.moodCheckIn', method: 'POST', path: '/moods' },
  moodStudentHistory: { id: 'classroom.moodStudentHistory', method: 'GET', path: '/moods/students/:studentId' },
  moodAcknowledge: { id: 'classroom.moodAcknowledge', method: 'PUT', path: '/moods/students/:studentId/acknowledgement' },
  trustedAdults: { id: 'classroom.trustedAdults', method: 'GET', path: '/trusted-adults' },
  trustedAdultCandidates: { id: 'classroom.trustedAdultCandidates', method: 'GET', path: '/trusted-adults/candidates' },
  trustedAdultsAdd: { id: 'classroom.trustedAdultsAdd', method: 'POST', path: '/trusted-adults' },
  trustedAdultsRemove: { id: 'classroom.trustedAdultsRemove', method: 'DELETE', path: '/trusted-adults/:adultId' },
  myStudents: { id: 'classroom.myStudents', method: 'GET', path: '/my-students' },
  studentHigh5s: { id: 'classroom.studentHigh5s', method: 'GET', path: '/my-students/:studentId/high5s' },
  feedbackGive: { id: 'classroom.feedbackGive', method: 'POST', path: '/high5-feedback' },
  feedbackList: { id: 'classroom.feedbackList', method: 'GET', path: '/high5-feedback' },
  journalList: { id: 'classroom.journalList', method: 'GET', path: '/journal' },
  journalCreate: { id: 'classroom.journalCreate', method: 'POST', path: '/journal' },
  journalUpdate: { id: 'classroom.journalUpdate', method: 'PUT', path: '/journal/:entryId' },
  journalDelete: { id: 'classroom.journalDelete', method: 'DELETE', path: '/journal/:entryId' },
  seating: { id: 'classroom.seating', method: 'GET', path: '/classes/:classId/seating' },
  seatingMoods: { id: 'classroom.seatingMoods', method: 'GET', path: '/classes/:classId/moods' },
  seatingPreset: { id: 'classroom.seatingPreset', method: 'GET', path: '/classes/:classId/seating/preset' },
  seatingCreate: { id: 'classroom.seatingCreate', method: 'POST', path: '/classes/:classId/seating' },
  seatingUpdate: { id: 'classroom.seatingUpdate', method: 'PUT', path: '/classes/:classId/seating/:chartId' },
  seatingDelete: { id: 'classroom.seatingDelete', method: 'DELETE', path: '/classes/:classId/seating/:chartId' },
  attendanceToday: { id: 'classroom.attendanceToday', method: 'GET', path: '/classes/:classId/attendance/today' },
  attendanceSave: { id: 'classroom.attendanceSave', method: 'POST', path: '/classes/:classId/attendance' },
  attendanceExport: { id: 'classroom.attendanceExport', method: 'GET', path: '/classes/:classId/attendance/export' },
  roster: { id: 'classroom.roster', method: 'GET', path: '/roster/students' },
  rosterResetPassword: { id: 'classroom.rosterResetPassword', method: 'POST', path: '/roster/students/:studentId/password-reset' },
  rosterInvite: { id: 'classroom.rosterInvite', method: 'POST', path: '/roster/invitations' },
};

export const adminApi: ApiRoutes<typeof adminEndpoints> = {
  users: { id: 'admin.users', method: 'GET', path: '/admin/users' },
  makeAdmin: { id: 'admin.makeAdmin', method: 'PUT', path: '/admin/users/:userId/admin' },
  removeAdmin: { id: 'admin.removeAdmin', method: 'DELETE', path: '/admin/users/:userId/admin' },
  makeTeacher: { id: 'admin.makeTeacher', method: 'PUT', path: '/admin/users/:userId/staff-as-teacher' },
  revertToStaff: { id: 'admin.revertToStaff', method: 'DELETE', path: '/admin/users/:userId/staff-as-teacher' },
  approveTeacher: { id: 'admin.approveTeacher', method: 'POST', path: '/admin/users/:userId/approval' },
  rejectTeacher: { id: 'admin.rejectTeacher', method: 'DELETE', path: '/admin/users/:userId/approval' },
  familyLinks: { id: 'admin.familyLinks', method: 'GET', path: '/admin/family-links' },
  removeFamilyLink: { id: 'admin.removeFamilyLink', method: 'DELETE', path: '/admin/family-links/:parentId/:studentId' },
  inviteStaff: { id: 'admin.inviteStaff', method: 'POST', path: '/admin/staff-invitations' },
  configuration: { id: 'admin.configuration', method: 'GET', path: '/admin/configuration' },
  updateConfiguration: { id: 'admin.updateConfiguration', method: 'PATCH', path: '/admin/configuration' },
  updateNotificationEmails: { id: 'admin.updateNotificationEmails', method: 'PUT', path: '/admin/configuration/notification-emails' },
  sendMoodReport: { id: 'admin.sendMoodReport', method: 'POST', path: '/admin/mood-report/send' },
  categories: { id: 'admin.categories', method: 'GET', path: '/admin/categories/:kind' },
  updateCategories: { id: 'admin.updateCategories', method: 'PUT', path: '/admin/categories/:kind' },
  addCategory: { id: 'admin.addCategory', method: 'POST', path: '/admin/categories/:kind' },
  classes: { id: 'admin.classes', method: 'GET', path: '/admin/classes' },
  groupReport: { id: 'admin.groupReport', method: 'GET', path: '/admin/reports/group' },
  userReport: { id: 'admin.userReport', method: 'GET', path: '/admin/reports/users/:userId' },
  moodReport: { id: 'admin.moodReport', method: 'GET', path: '/admin/reports/mood' },
  moodReportSettings: { id: 'admin.moodReportSettings', method: 'GET', path: '/admin/mood-report/settings' },
  saveMoodReportSettings: { id: 'admin.saveMoodReportSettings', method: 'PUT', path: '/admin/mood-report/settings' },
  reportClasses: { id: 'classReports.classes', method: 'GET', path: '/class-reports/classes' },
  classRecognitionReport: { id: 'classReports.recognition', method: 'GET', path: '/class-reports/recognition' },
  classMoodReport: { id: 'classReports.mood', method: 'GET', path: '/class-reports/mood' },
  superSchools: { id: 'super.schools', method: 'GET', path: '/super/schools' },
  superDistricts: { id: 'super.districts', method: 'GET', path: '/super/districts' },
  addDistrict: { id: 'super.addDistrict', method: 'POST', path: '/super/districts' },
  addSchool: { id: 'super.addSchool', method: 'POST', path: '/super/schools' },
  superPending: { id: 'super.pending', method: 'GET', path: '/super/pending' },
  superApproveSchool: { id: 'super.approveSchool', method: 'POST', path: '/super/schools/:schoolId/approval' },
  superApproveMember: { id: 'super.approveMember', method: 'POST', path: '/super/schools/:schoolId/users/:userId/approval' },
  superRejectMember: { id: 'super.rejectMember', method: 'DELETE', path: '/super/schools/:schoolId/users/:userId/approval' },
  superUsers: { id: 'super.users', method: 'GET', path: '/super/schools/:schoolId/users' },
  superMakeAdmin: { id: 'super.makeAdmin', method: 'PUT', path: '/super/schools/:schoolId/users/:userId/admin' },
  superRemoveAdmin: { id: 'super.removeAdmin', method: 'DELETE', path: '/super/schools/:schoolId/users/:userId/admin' },
  superClasses: { id: 'super.classes', method: 'GET', path: '/super/schools/:schoolId/classes' },
  superGroupReport: { id: 'super.groupReport', method: 'GET', path: '/super/schools/:schoolId/reports/group' },
  backups: { id: 'super.backups', method: 'GET', path: '/super/backups' },
  backupSchool: { id: 'super.backupSchool', method: 'POST', path: '/super/schools/:schoolId/backups' },
  downloadBackup: { id: 'super.downloadBackup', method: 'GET', path: '/super/backups/:backupId/file' },
  deleteBackup: { id: 'super.deleteBackup', method: 'DELETE', path: '/super/backups/:backupId' },
  restores: { id: 'super.restores', method: 'GET', path: '/super/restores' },
  restore: { id: 'super.restore', method: 'GET', path: '/super/restores/:restoreId' },
  startRestore: { id: 'super.startRestore', method: 'POST', path: '/super/restores' },
  uploadRestore: { id: 'super.uploadRestore', method: 'POST', path: '/super/restores/upload' },
  deleteSchool: { id: 'super.deleteSchool', method: 'DELETE', path: '/super/schools/:schoolId' },
};

export const alertApi: ApiRoutes<typeof alertEndpoints> = {
  alertsMine: { id: 'alerts.mine', method: 'GET', path: '/alerts' },
  alertDetail: { id: 'alerts.detail', method: 'GET', path: '/alerts/:alertId' },
  alertAct: { id: 'alerts.act', method: 'POST', path: '/alerts/:alertId/actions' },
  alertsOfStudent: { id: 'alerts.ofStudent', method: 'GET', path: '/alerts/students/:studentId' },
  alertSettings: { id: 'alerts.settings', method: 'GET', path: '/admin/alerts/settings' },
  alertSettingsUpdate: { id: 'alerts.settingsUpdate', method: 'PATCH', path: '/admin/alerts/settings' },
  alertAdults: { id: 'alerts.adults', method: 'GET', path: '/admin/alerts/adults' },
  alertReport: { id: 'alerts.report', method: 'GET', path: '/admin/alerts/report' },
  moodConsents: { id: 'alerts.moodConsents', method: 'GET', path: '/family/mood-consents' },
  moodConsentSet: { id: 'alerts.moodConsentSet', method: 'PUT', path: '/family/mood-consents/:studentId' },
};

export const superEditApi: ApiRoutes<typeof superEditEndpoints> = {
  updateDistrict: { id: 'super.updateDistrict', method: 'PATCH', path: '/super/districts/:districtId' },
  deleteDistrict: { id: 'super.deleteDistrict', method: 'DELETE', path: '/super/districts/:districtId' },
  updateSchool: { id: 'super.updateSchool', method: 'PATCH', path: '/super/schools/:schoolId' },
};

export const rosteringApi: ApiRoutes<typeof rosteringEndpoints> = {
  rosterRuns: { id: 'super.rosterRuns', method: 'GET', path: '/super/districts/:districtId/roster' },
  rosterRun: { id: 'super.rosterRun', method: 'GET', path: '/super/roster-runs/:runId' },
  rosterSyncNow: { id: 'super.rosterSyncNow', method: 'POST', path: '/super/districts/:districtId/roster/sync' },
  rosterApprove: { id: 'super.rosterApprove', method: 'POST', path: '/super/roster-runs/:runId/approve' },
  rosterSettings: { id: 'super.rosterSettings', method: 'PATCH', path: '/super/districts/:districtId/roster' },
  rosterUpload: { id: 'super.rosterUpload', method: 'POST', path: '/super/districts/:districtId/roster/upload' },
  schoolRosterUpload: { id: 'admin.rosterUpload', method: 'POST', path: '/admin/roster/upload' },
  schoolRosterRuns: { id: 'admin.rosterRuns', method: 'GET', path: '/admin/roster/runs' },
};
