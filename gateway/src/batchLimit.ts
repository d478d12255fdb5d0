import type { RequestHandler } from 'express';

export const BATCH_TOO_LARGE = 'BATCH_TOO_LARGE';

/**
 * The web client batches up to 10 operations; larger batches are refused before Apollo
 * parses them. Runs after `express.json()`.
 */
export function batchLimit(maxOperations: number): RequestHandler {
  return (req, res, next) => {
    const body: unknown = req.body;
    if (Array.isArray(body) && body.length > maxOperations) {
      res.status(400).json({
        errors: [
          {
            message: `Batch of ${body.length} operations exceeds the limit of ${maxOperations}`,
            extensions: { code: BATCH_TOO_LARGE, operations: body.length, limit: maxOperations },
          },
        ],
      });
      return;
    }
    next();
  };
}
