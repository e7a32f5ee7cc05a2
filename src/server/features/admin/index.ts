// The back office as the app sees it (issue 23): its routes and its page, and the first admin's enrolment.

export { createAdmin, demoAdminLine, enrolUrl } from './auth-enrolment.ts';
export { devAdminRoutes } from './dev-routes.ts';
export { adminRoutes, registerAdminPage } from './routes.ts';
