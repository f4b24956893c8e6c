// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { profileEndpoints } from '../profile.js';

export const profileApi: ApiRoutes<typeof profileEndpoints> = {
  getProfile: { id: 'profile.getProfile', method: 'GET', path: '/profile' },
  updateProfile: { id: 'profile.updateProfile', method: 'PUT', path: '/profile' },
  uploadPhoto: { id: 'profile.uploadPhoto', method: 'POST', path: '/profile/photo' },
  myAvatar: { id: 'profile.myAvatar', method: 'GET', path: '/avatar' },
  saveAvatar: { id: 'profile.saveAvatar', method: 'PUT', path: '/avatar' },
  avatars: { id: 'profile.avatars', method: 'GET', path: '/avatars' },
  userAvatar: { id: 'profile.userAvatar', method: 'GET', path: '/avatars/:userId' },
  inviteParent: { id: 'profile.inviteParent', method: 'POST', path: '/family/parents' },
  myParents: { id: 'profile.myParents', method: 'GET', path: '/family/parents' },
  familyRequests: { id: 'profile.familyRequests', method: 'GET', path: '/family/requests' },
  acceptFamilyRequest: { id: 'profile.acceptFamilyRequest', method: 'POST', path: '/family/requests/:requestId/accept' },
  declineFamilyRequest: { id: 'profile.declineFamilyRequest', method: 'POST', path: '/family/requests/:requestId/decline' },
  studentDetails: { id: 'profile.studentDetails', method: 'GET', path: '/student-details/:studentId' },
  updateStudentFlags: { id: 'profile.updateStudentFlags', method: 'PUT', path: '/student-details/:studentId/flags' },
  uploadStudentPhoto: { id: 'profile.uploadStudentPhoto', method: 'POST', path: '/student-details/:studentId/photo' },
  studentAttendance: { id: 'profile.studentAttendance', method: 'GET', path: '/student-details/:studentId/attendance' },
  studentMoods: { id: 'profile.studentMoods', method: 'GET', path: '/student-details/:studentId/moods' },
  studentNotes: { id: 'profile.studentNotes', method: 'GET', path: '/student-details/:studentId/notes' },
  addStudentNote: { id: 'profile.addStudentNote', method: 'POST', path: '/student-details/:studentId/notes' },
  yearExportOptions: { id: 'profile.yearExportOptions', method: 'GET', path: '/year-export/:studentId' },
  yearExport: { id: 'profile.yearExport', method: 'GET', path: '/year-export/:studentId/:startYear' },
};
