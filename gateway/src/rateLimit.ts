import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { errorBody } from './httpErrors.js';

export const RATE_LIMITED = 'RATE_LIMITED';
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * `/graphql` requests per client per minute (ADR 0022); over it, 429 with Retry-After and a
 * short JSON error. The client is `req.ip`: the address the gateway's trusted proxies (Express
 * "trust proxy", JOBBOARD_TRUSTED_PROXIES) vouch for in X-Forwarded-For, else the peer, so a
 * browser cannot pick its own key. Counted in memory, per gateway process.
 */
export function graphqlRateLimit(perMinute: number): RequestHandler {
  if (perMinute <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: RATE_LIMIT_WINDOW_MS,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      const retryAfter = Number(res.getHeader('retry-after')) || RATE_LIMIT_WINDOW_MS / 1000;
      res
        .status(429)
        .json(
          errorBody(`Too many requests: at most ${perMinute} a minute. Retry in ${retryAfter} s.`, RATE_LIMITED, {
            retryAfter,
          }),
        );
    },
  });
}
