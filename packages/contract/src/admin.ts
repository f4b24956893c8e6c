// The administration area's contract, one file per resource under admin/ (as the server's
// modules/admin/<resource>/); its endpoints are one area, `admin.<key>`, in the order the screens use them.
import { categoriesEndpoints } from './admin/categories.js';
import { configurationEndpoints } from './admin/configuration.js';
import { reportsEndpoints } from './admin/reports.js';
import { superEndpoints } from './admin/super.js';
import { usersEndpoints } from './admin/users.js';

export * from './admin/categories.js';
export * from './admin/common.js';
export * from './admin/configuration.js';
export * from './admin/reports.js';
export * from './admin/super.js';
export * from './admin/users.js';

export const adminEndpoints = { ...usersEndpoints, ...configurationEndpoints, ...categoriesEndpoints, ...reportsEndpoints, ...superEndpoints };
