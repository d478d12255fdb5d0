import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { JsonLogger } from './logger.js';

/** A short GraphQL-shaped error answer: what every failure outside GraphQL itself looks like. */
export function errorBody(message: string, code: string, extra: Record<string, unknown> = {}) {
  return { errors: [{ message, extensions: { code, ...extra } }] };
}

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  limit?: number;
}

/** What a request-body failure (body-parser's `type`) is called and told, by HTTP status. */
function describe(error: BodyParserError): { status: number; code: string; message: string } {
  switch (error.type) {
    case 'entity.parse.failed':
      return { status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' };
    case 'entity.too.large':
      return {
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message:
          typeof error.limit === 'number'
            ? `The request body is larger than ${error.limit} bytes.`
            : 'The request body is too large.',
      };
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The request body must be JSON in UTF-8, uncompressed or gzip/deflate/br.',
      };
    default:
      break;
  }
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, code: 'BAD_REQUEST', message: 'The request could not be read.' };
  }
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}

/**
 * Every error Express would otherwise answer itself (an HTML page with the stack trace and the
 * server's paths outside production) becomes a short JSON answer with a code, in every
 * environment (ADR 0022). Unexpected errors are logged, never sent.
 */
export function jsonErrors(logger: JsonLogger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const answer = describe((error ?? {}) as BodyParserError);
    if (answer.status >= 500) {
      logger.log('error', 'request failed', {
        path: req.originalUrl.split('?')[0],
        error: error instanceof Error ? error.message : String(error),
      });
    }
    res.status(answer.status).json(errorBody(answer.message, answer.code));
  };
}

/** Unknown paths: JSON too, not Express's HTML page. */
export function notFound(): RequestHandler {
  return (_req, res) => {
    res.status(404).json(errorBody('Not found', 'NOT_FOUND'));
  };
}
