import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseWriter, responseSerializerCompiler } from './response-serializer.js';

const Person = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(['admin', 'client', 'provider']),
  is_active: z.boolean(),
  tags: z.array(z.string()),
  manager: z.object({ id: z.number(), label: z.string() }).nullable(),
  scores: z.record(z.string(), z.number()),
  note: z.string().optional(),
});
const Page = z.object({ count: z.number(), next: z.string().nullable(), results: z.array(Person) });

const row: z.output<typeof Person> = {
  id: 7,
  name: 'Ana « Silva » \u2028 \\ "citée"',
  email: null,
  role: 'client',
  is_active: false,
  tags: ['a', 'é'],
  manager: { id: 1, label: 'Chef' },
  scores: { janvier: 2, février: 0.5 },
};

const compile = (checkContract: boolean) =>
  responseSerializerCompiler({ checkContract })({ schema: Page, method: 'GET', url: '/api/people/' });

describe('the response serializer', () => {
  it('writes what the contract encodes, as JSON.stringify would', () => {
    const page = {
      count: 2,
      next: '/api/people/?page=2',
      results: [row, { ...row, id: 8, note: 'n', manager: null }],
    };
    for (const checkContract of [false, true]) {
      const body = compile(checkContract)(page);
      expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(z.encode(Page, page))));
    }
  });

  it('writes only the properties of the contract, whatever else a row holds', () => {
    const leaky = { ...row, password: 'argon2id$secret', search_text: ' ana silva' };
    const body = compile(false)({ count: 1, next: null, results: [leaky] });
    expect(body).not.toContain('secret');
    expect(body).not.toContain('search_text');
    expect(JSON.parse(body).results[0]).toEqual(row);
  });

  it('answers an error for a response the contract refuses, when checking (tests)', () => {
    const wrong = { count: 1, next: null, results: [{ ...row, role: 'superviseur' }] };
    expect(() => compile(true)(wrong)).toThrow(ResponseSerializationError);
    const missing = { count: 1, next: null, results: [{ ...row, name: undefined }] };
    expect(() => compile(true)(missing)).toThrow(ResponseSerializationError);
    // Unchecked (production), a missing required property still fails rather than vanishing.
    expect(() => compile(false)(missing)).toThrow();
  });

  it('fails, when checking, where the written JSON would differ from the contract’s encoding', () => {
    // A codec's encoding (its output written back as its input) is what JSON.stringify would not do.
    const Trimmed = z.object({
      label: z.codec(z.string(), z.string(), { decode: (value) => value, encode: (value) => value.trim() }),
    });
    const serialize = responseSerializerCompiler({ checkContract: true })({
      schema: Trimmed,
      method: 'GET',
      url: '/api/labels/',
    });
    expect(serialize({ label: 'exact' })).toBe('{"label":"exact"}');
    expect(() => serialize({ label: '  espacé ' })).toThrow(/diffère de son encodage/);
  });

  it('refuses a response schema that is not a zod schema', () => {
    expect(() =>
      responseSerializerCompiler({ checkContract: false })({
        schema: { type: 'object' },
        method: 'GET',
        url: '/x',
      }),
    ).toThrow(/schéma zod/);
  });

  it('compiles a writer directly (the route table’s test compiles every one)', () => {
    expect(
      compileResponseWriter(z.object({ detail: z.string() }))({ detail: 'Introuvable.', extra: 1 }),
    ).toBe('{"detail":"Introuvable."}');
  });
});
