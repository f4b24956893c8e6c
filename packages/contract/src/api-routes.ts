// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
// The web app calls the API through these (method and path only), so its bundle carries no zod schema;
// the types still come from the endpoints, so a changed path or schema is a type error in every caller.
export { systemApi } from './routes/system.js';
export { authApi } from './routes/auth.js';
export { recognitionApi } from './routes/recognition.js';
export { profileApi } from './routes/profile.js';
export { classroomApi } from './routes/classroom.js';
export { adminApi } from './routes/admin.js';
export { alertApi } from './routes/alerts.js';
export { superEditApi } from './routes/super-edit.js';
export { rosteringApi } from './routes/rostering.js';
export { schoolYearApi } from './routes/school-years.js';
export { districtViewApi } from './routes/district-view.js';
