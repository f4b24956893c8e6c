import type { FastifyInstance } from 'fastify';
import { registerAlertRoutes } from './alerts/routes.js';
import { registerClassRoutes } from './classes/routes.js';
import { registerFeedbackRoutes } from './feedback/routes.js';
import { registerInviteRoutes } from './invites/routes.js';
import { registerJournalRoutes } from './journal/routes.js';
import { registerMoodRoutes } from './moods/routes.js';
import { registerRosterRoutes } from './roster/routes.js';
import { registerSeatingRoutes } from './seating/routes.js';
import { registerSignInCardRoutes } from './sign-in-cards/routes.js';
import { registerStudentClassRoutes } from './student-classes/routes.js';
import { registerTrustedAdultRoutes } from './trusted-adults/routes.js';

/** Registers every route of the classroom area. */
export function registerClassroomRoutes(app: FastifyInstance) {
  registerClassRoutes(app);
  registerInviteRoutes(app);
  registerStudentClassRoutes(app);
  registerMoodRoutes(app);
  registerTrustedAdultRoutes(app);
  registerFeedbackRoutes(app);
  registerJournalRoutes(app);
  registerSeatingRoutes(app);
  registerRosterRoutes(app);
  registerAlertRoutes(app);
  registerSignInCardRoutes(app);
}
