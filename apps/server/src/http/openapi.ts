import { z } from 'zod';
import type { RegisteredRoute } from './route.ts';

const toSchema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

/** The OpenAPI 3.1 document, made from the same zod contracts the routes parse with. */
export function buildOpenApi(routes: RegisteredRoute[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const url = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', r.query],
      ['path', r.params],
    ] as const) {
      if (!schema) continue;
      const js = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: prop });
      }
    }
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(r.body, 'input') } } } } : {}),
      responses: {
        [String(r.status)]: r.response
          ? { description: 'success', content: { 'application/json': { schema: toSchema(r.response, 'output') } } }
          : { description: 'success' },
        default: { description: 'error: {code, message}' },
      },
      ...(r.auth === 'user' ? { security: [{ bearer: [] }] } : {}),
      'x-signed': r.signed,
    };
    (paths[url] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'CAB, the shared cloud account book', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
