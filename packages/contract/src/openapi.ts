import { z } from 'zod';
import type { RouteDef } from './routes.js';

/** A JSON Schema, as zod writes it (input side for requests, output side for replies). */
type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  // `any` for what JSON Schema cannot say (a refine, a transform): the request is still checked
  // by the zod schema itself; the document describes, it does not validate.
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

/** `/api/convos/:id` as OpenAPI writes it: `/api/convos/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The `in: path` / `in: query` parameters of an object schema. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!(schema instanceof z.ZodObject)) return [];
  const props = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(props.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (props.required ?? []).includes(name),
    schema: s,
  }));
}

function operation(name: string, r: RouteDef): JsonSchema {
  const reply = r.stream
    ? {
        description: 'A stream of server-sent events; each `data:` line is one JSON event of this schema',
        content: { 'text/event-stream': { schema: jsonSchema(r.response, 'output') } },
      }
    : r.binary
      ? {
          description: 'The file’s bytes',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : { description: 'OK', content: { 'application/json': { schema: jsonSchema(r.response, 'output') } } };
  const fields = r.multipart
    ? (jsonSchema(r.multipart.fields, 'input') as { properties?: Record<string, JsonSchema> })
    : undefined;
  return {
    operationId: name,
    summary: r.summary,
    parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
    ...(r.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: [r.multipart.file],
                  properties: {
                    [r.multipart.file]: { type: 'string', format: 'binary' },
                    ...fields?.properties,
                  },
                },
              },
            },
          },
        }
      : {}),
    ...(r.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(r.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': reply,
      '4XX': {
        description: 'Refused: bad input (400), no session (401), not allowed (403), not found (404), …',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      },
      default: {
        description: 'An error: `{ message, code, issues? }`',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      },
    },
    ...(r.public ? { security: [] } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of the API, written from the route table (served at /api/docs): one
 * operation per row, its `operationId` the row's name. Its server is "/": the API answers where
 * the document was fetched from, behind whatever name or proxy the operator gives it.
 */
export function buildOpenApi(
  routes: Readonly<Record<string, RouteDef>>,
  info: { title: string; version: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, r] of Object.entries(routes)) {
    if (r.undocumented) continue;
    const path = (paths[openApiPath(r.path)] ??= {});
    path[r.method.toLowerCase()] = operation(name, r);
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    paths,
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ApiError: {
          type: 'object',
          required: ['message', 'code'],
          properties: {
            message: { type: 'string' },
            code: { type: 'string' },
            issues: {
              type: 'array',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: {
                  path: { type: 'string' },
                  message: { type: 'string' },
                  key: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  };
}
