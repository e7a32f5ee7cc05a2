// The back office as the app sees it (issue 23): its routes and its page.
export { adminRoutes, registerAdminPage } from './routes.ts';
