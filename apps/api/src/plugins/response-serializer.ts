import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * How a response is written: by fast-json-stringify (Fastify's own serializer), compiled from the
 * JSON Schema of the route's zod response schema as it outputs, so that only the contract's
 * properties are written, whatever else a row holds.
 *
 * The zod type provider's serializer encoded every response through its zod schema (a validation of
 * each value, a copy of each object) before `JSON.stringify`: 33 µs for a page of users, 40 for
 * notifications, 130 for the audit journal's, a tenth of such a request's processor time and the
 * largest part of it outside SQL. That check is kept where it finds bugs, in the tests
 * (`checkContract`): there a response the contract refuses answers 500 as before, and one the
 * written JSON would tell differently from the contract's encoding fails too.
 */

export interface ResponseSerializerOptions {
  /** Each response is first encoded by its zod schema, and the JSON written compared with it (tests). */
  checkContract: boolean;
}

interface RouteResponseSchema {
  schema: unknown;
  method: string;
  url: string;
}

/** The JSON Schema of what a zod schema outputs, as fast-json-stringify reads it. */
export function outputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
}

function zodSchemaOf(schema: unknown, method: string, url: string): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error(`${method} ${url} : le schéma d'une réponse doit être un schéma zod.`);
}

/** fast-json-stringify's writer of a zod schema's output (throws if it cannot be compiled). */
export function compileResponseWriter(schema: z.ZodType): (data: unknown) => string {
  return fastJsonStringify(outputJsonSchema(schema)) as (data: unknown) => string;
}

/** The serializer compiler of every route's responses (`app.setSerializerCompiler`). */
export function responseSerializerCompiler(options: ResponseSerializerOptions) {
  return ({ schema, method, url }: RouteResponseSchema): ((data: unknown) => string) => {
    const zodSchema = zodSchemaOf(schema, method, url);
    // Compiled at its first response: an application has hundreds, most of them never sent (a test
    // compiles every route's, app-basics.api.test.ts).
    let compiled: ((data: unknown) => string) | undefined;
    const write = (data: unknown): string => {
      compiled ??= compileResponseWriter(zodSchema);
      return compiled(data);
    };
    if (!options.checkContract) return write;
    return (data) => {
      const encoded = z.safeEncode(zodSchema, data);
      if (!encoded.success) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const body = write(data);
      if (!isDeepStrictEqual(JSON.parse(body), JSON.parse(JSON.stringify(encoded.data)))) {
        throw new Error(`${method} ${url} : la réponse écrite diffère de son encodage par le contrat.`);
      }
      return body;
    };
  };
}
