// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { profileEndpoints } from '../profile.js';

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
  yearExportOptions: { id: 'family.yearExportOptions', method: 'GET', path: '/year-export/:studentId' },
  yearExport: { id: 'family.yearExport', method: 'GET', path: '/year-export/:studentId/:startYear' },
};
