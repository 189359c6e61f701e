import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@kwanza/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { constraintViolationToHttpError, databaseUnavailableToHttpError } from '../lib/database-errors.js';
import { HttpError } from '../lib/http-errors.js';

const CONTEXT_LABELS: Record<string, string> = {
  body: 'corps',
  querystring: 'paramètre',
  params: 'chemin',
  headers: 'en-tête',
};

/** French messages for the errors Fastify itself raises before a route runs. */
const FASTIFY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Le corps de la requête n’est pas un JSON valide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps JSON de la requête est vide.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le corps de la requête est trop volumineux.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'En-tête Content-Length invalide.',
  FST_ERR_BAD_URL: 'L’adresse demandée est mal formée (encodage invalide).',
  FST_ERR_MAX_PARAM_LENGTH: 'Un paramètre de l’adresse demandée est trop long.',
  FST_ERR_ASYNC_CONSTRAINT: 'Requête invalide.',
  FST_ERR_CTP_INVALID_TYPE: 'Type de contenu non pris en charge.',
};

function fieldName(instancePath: string, fallback: string): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || fallback;
}

function validationBody(error: FastifyError): ErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const missing =
      typeof issue.params === 'object' && issue.params !== null && 'missingProperty' in issue.params
        ? String(issue.params.missingProperty)
        : '';
    const field = fieldName(issue.instancePath, missing || 'non_field_errors');
    const messages = errors[field] ?? [];
    messages.push(issue.message ?? 'Valeur invalide');
    errors[field] = messages;
  }
  const [firstField, firstMessages] = Object.entries(errors)[0] ?? ['', []];
  const context = CONTEXT_LABELS[error.validationContext ?? ''] ?? 'requête';
  const detail = firstField
    ? `Requête invalide (${context} « ${firstField} ») : ${firstMessages[0] ?? 'valeur invalide'}`
    : 'Requête invalide.';
  return { detail, code: 'invalid', errors };
}

function send(reply: FastifyReply, status: number, body: ErrorBody, headers: Record<string, string> = {}) {
  return reply.status(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** One error shape for the whole API: `{detail, code?, errors?}` with a French detail; no 5xx internals. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return send(
        reply,
        error.statusCode,
        {
          detail: error.detail,
          ...(error.code ? { code: error.code } : {}),
          ...(error.errors ? { errors: error.errors } : {}),
        },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, validationBody(error));
    }
    const unavailable = databaseUnavailableToHttpError(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(
        reply,
        unavailable.statusCode,
        { detail: unavailable.detail, code: unavailable.code ?? 'database_unavailable' },
        unavailable.headers,
      );
    }
    const constraint = constraintViolationToHttpError(error);
    if (constraint) {
      request.log.warn({ err: error }, 'constraint violation');
      return send(reply, constraint.statusCode, {
        detail: constraint.detail,
        code: constraint.code ?? 'conflict',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        FASTIFY_ERRORS[error.code] ??
        (error instanceof SyntaxError ? FASTIFY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
      return send(reply, status, { detail: detail ?? 'Requête invalide.', code: 'invalid' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      detail: 'Erreur interne du serveur. Réessayez plus tard ou contactez l’équipe technique.',
      code: 'server_error',
    });
  });
}

/**
 * Errors the router raises before any route or hook runs (a malformed percent-encoding, a parameter
 * longer than `maxParamLength`): the one error shape, a French detail, and never the URL itself.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  request.log.info({ code: error.code }, 'request refused by the router');
  return send(reply, status, {
    detail: FASTIFY_ERRORS[error.code] ?? 'Requête invalide.',
    code: 'invalid',
  });
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'La requête n’est pas arrivée à temps.' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'Les en-têtes de la requête sont trop volumineux.' },
  HPE_URI_TOO_LONG: { status: 414, detail: 'L’adresse demandée est trop longue.' },
};

/**
 * Requests Node's HTTP parser refuses (headers too large, malformed request line, time-out): the
 * same error shape in French, written on the socket since no request object exists yet.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, detail: 'Requête HTTP mal formée.' };
  const body = JSON.stringify({ detail: known.detail, code: 'invalid' } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? 'Bad Request'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
