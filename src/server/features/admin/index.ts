// The back office as the app sees it (issue 23): its routes and its page.

export { devAdminRoutes } from './dev-routes.ts';
export { adminRoutes, registerAdminPage } from './routes.ts';
