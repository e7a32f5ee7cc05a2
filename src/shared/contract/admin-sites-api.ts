import { z } from 'zod';
import {
  ZAdminBundle,
  ZAdminBundleList,
  ZAdminCode,
  ZAdminCodeList,
  ZAdminSite,
  ZAdminSiteList,
  ZBundleInput,
  ZBundleListQuery,
  ZCodeInput,
  ZCodeListQuery,
  ZSiteCreate,
  ZSiteListQuery,
  ZSiteUpdate,
} from './admin-sites.ts';
import { endpoints } from './endpoint.ts';
import { ZIdParam } from './ids.ts';
import { ZLanderFunnel, ZLanderFunnelQuery } from './landers.ts';
import { ZSettings } from './site.ts';

const ZIdParams = z.object({ id: ZIdParam });
const errors = [400, 403, 404, 409] as const;

/** The back office's sites, discount codes, credit bundles and lander funnel (issue 23 item 5, O-04, P-08). */
export const ADMIN_SITES_API = endpoints('admin', {
  'GET /api/admin/sites': {
    summary: "The staff member's sites, searched and sorted, with the companies (O-04)",
    query: ZSiteListQuery,
    answer: ZAdminSiteList,
    errors,
  },
  'GET /api/admin/sites/:id': {
    summary: "One site's settings for the edit form (O-04)",
    params: ZIdParams,
    answer: ZAdminSite,
    errors,
  },
  'PUT /api/admin/sites/:id': {
    summary: "Change a site's settings: audited, every instance knows within a second (O-04; step-up)",
    params: ZIdParams,
    body: ZSiteUpdate,
    answer: ZAdminSite,
    errors,
  },
  'POST /api/admin/sites': {
    summary: 'Add a site (O-04; admins of every site; step-up)',
    body: ZSiteCreate,
    answer: ZAdminSite,
    status: 201,
    replayStatus: 200,
    errors,
  },
  'POST /api/admin/sites/:id/preview': {
    summary: "The members' /api/settings answer for the form as it stands, not saved: the preview (O-04)",
    params: ZIdParams,
    body: ZSiteUpdate,
    answer: ZSettings,
    errors,
  },
  'GET /api/admin/codes': {
    summary: 'Discount codes, searched, filtered, sorted and paged, with their uses (O-04)',
    query: ZCodeListQuery,
    answer: ZAdminCodeList,
    errors,
  },
  'GET /api/admin/codes/:id': {
    summary: 'One discount code with its uses (O-04)',
    params: ZIdParams,
    answer: ZAdminCode,
    errors,
  },
  'POST /api/admin/codes': {
    summary: 'Add a discount code (O-04; step-up)',
    body: ZCodeInput,
    answer: ZAdminCode,
    status: 201,
    replayStatus: 200,
    errors,
  },
  'PUT /api/admin/codes/:id': {
    summary: 'Change a discount code (O-04; step-up)',
    params: ZIdParams,
    body: ZCodeInput,
    answer: ZAdminCode,
    errors,
  },
  'POST /api/admin/codes/:id/deactivate': {
    summary: 'End a discount code now (O-04; step-up)',
    params: ZIdParams,
    answer: ZAdminCode,
    errors,
  },
  'GET /api/admin/bundles': {
    summary: 'Credit bundles per site, country and status (O-04, Pay-01)',
    query: ZBundleListQuery,
    answer: ZAdminBundleList,
    errors,
  },
  'POST /api/admin/bundles': {
    summary: 'Add a credit bundle (O-04, Pay-01; step-up)',
    body: ZBundleInput,
    answer: ZAdminBundle,
    status: 201,
    replayStatus: 200,
    errors,
  },
  'PUT /api/admin/bundles/:id': {
    summary: "Change a credit bundle's price, credits or position (O-04, Pay-01; step-up)",
    params: ZIdParams,
    body: ZBundleInput,
    answer: ZAdminBundle,
    errors,
  },
  'POST /api/admin/bundles/:id/deactivate': {
    summary: 'Take a credit bundle off the credits page (O-04, Pay-01; step-up)',
    params: ZIdParams,
    answer: ZAdminBundle,
    errors,
  },
  'GET /api/admin/landers': {
    summary: 'Views, signups started and signups made per lander, niche and source (P-08)',
    query: ZLanderFunnelQuery,
    answer: ZLanderFunnel,
    errors: [400, 401, 403],
  },
});
