import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AdminIntl } from './i18n.tsx';
import { adminRoutes } from './routes.tsx';
import './styles.css';

/** The back office (issue 23): a browser-rendered React app under /admin, its own build and chunks. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 10_000 } },
});
const router = createBrowserRouter(adminRoutes, { basename: '/admin' });
const root = document.getElementById('admin-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AdminIntl>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AdminIntl>
    </StrictMode>,
  );
}
