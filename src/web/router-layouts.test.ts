import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { layoutOfRoute } from '../shared/entry-warning.ts';
import type { RouteName } from '../shared/routes.ts';
import * as layouts from './layouts/layouts.tsx';
import { createRoutes } from './router.tsx';

const NAMES = new Map<unknown, string>([
  [layouts.DefaultLayout, 'default'],
  [layouts.ChatLayout, 'chat'],
  [layouts.LanderLayout, 'lander'],
  [layouts.EmptyLayout, 'empty'],
]);

describe('L-04 the server knows each route’s layout', () => {
  it('L-04 layoutOfRoute (the shell’s entry warning) names the layout the web router draws each route in', async () => {
    const [root] = createRoutes(new QueryClient());
    const groups = (root?.children ?? []) as RouteObject[];
    let checked = 0;
    for (const group of groups) {
      const lazy = group.lazy as (() => Promise<{ Component: unknown }>) | undefined;
      const layout = NAMES.get((await lazy?.())?.Component);
      expect(layout, 'every group is one of the four layouts').toBeDefined();
      for (const route of group.children ?? []) {
        if (!route.id || route.id === 'not-found') continue;
        expect(layoutOfRoute(route.id as RouteName), route.id).toBe(layout);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});
