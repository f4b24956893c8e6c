// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { recognitionEndpoints } from '../recognition.js';

export const recognitionApi: ApiRoutes<typeof recognitionEndpoints> = {
  recipients: { id: 'recognition.recipients', method: 'GET', path: '/recognition/recipients' },
  categories: { id: 'recognition.categories', method: 'GET', path: '/recognition/categories' },
  allowance: { id: 'recognition.allowance', method: 'GET', path: '/recognition/allowance' },
  giveOptions: { id: 'recognition.giveOptions', method: 'GET', path: '/recognition/give-options' },
  give: { id: 'recognition.give', method: 'POST', path: '/recognitions' },
  dashboard: { id: 'recognition.dashboard', method: 'GET', path: '/recognition/dashboard' },
  received: { id: 'recognition.received', method: 'GET', path: '/recognition/received' },
  notYet: { id: 'recognition.notYet', method: 'GET', path: '/recognition/not-yet' },
};
