// The staff sign-in routes as one plugin: enrolment, sign-in and sign-out, and step-up (issue 23, O-01/O-06).
import type { FastifyPluginAsync } from 'fastify';
import { enrolRoutes } from './auth-enrol-routes.ts';
import { signInRoutes } from './auth-signin-routes.ts';
import { stepUpRoutes } from './auth-stepup-routes.ts';

/**
 * Staff sign-in (issue 23, O-01/O-06): enrolment by a one-time link (name, password, then a passkey or a
 * one-time code app, then ten recovery codes), sign-in in two steps (password, then the second factor),
 * step-up (the second factor again for dangerous actions) and sign-out. The routes before the second
 * factor are open (`config.staffPublic`); each is rate limited per address.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(enrolRoutes);
  await app.register(signInRoutes);
  await app.register(stepUpRoutes);
};
