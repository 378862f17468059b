import { z } from 'zod';
import { route } from './route-def.js';

/**
 * LibreChat's older address for Google sign-in, which links still use: a browser navigation, not
 * an API call. It answers 302 to /oauth/google (404 without Google sign-in) and no body.
 */
export const OAUTH_ROUTES = {
  googleSignIn: route({
    method: 'GET',
    path: '/api/auth/google',
    summary: 'Send the browser on to the Google sign-in (302 to /oauth/google; 404 when it is off)',
    public: true,
    response: z.never(),
  }),
} as const;
