import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { allEndpoints, type Endpoint } from '@high5/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const toSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** Builds the OpenAPI 3.1 document from the contract, the one source of every endpoint. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const ep of Object.values(allEndpoints) as Endpoint[]) {
    const path = `/v1${ep.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const parameters: unknown[] = [];
    const addParams = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
      if (!schema) return;
      const json = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
      }
    };
    addParams(ep.params, 'path');
    addParams(ep.query, 'query');
    const envelope = {
      type: 'object',
      properties: { ErrorCode: { type: 'string', const: 'err_0' }, ResponseData: toSchema(ep.response, 'output'), body: { type: 'string' } },
    };
    paths[path] ??= {};
    paths[path]![ep.method.toLowerCase()] = {
      operationId: ep.id,
      summary: ep.summary,
      tags: [ep.id.split('.')[0]],
      ...(ep.access === 'public' ? { security: [] } : {}),
      'x-access': ep.access,
      // Every write is rate-limited per user (per address signed out); some have a limit of their own.
      ...(ep.method !== 'GET' ? { 'x-rate-limit': ep.rateLimit ?? 'the write limit of every caller' } : {}),
      parameters,
      ...(ep.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(ep.body, 'input') } } } } : {}),
      responses: {
        200: { description: 'Success (ErrorCode err_0)', content: { 'application/json': { schema: envelope } } },
        default: { description: `Failure: ErrorCode is one of ${(ep.errors ?? ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN']).join(', ')}` },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'High5 API',
      version: '1.0.0',
      description: 'Every response is the envelope { ErrorCode, ResponseData, body }; ErrorCode is err_0 on success, otherwise a translation key.',
    },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'high5_session' } } },
    security: [{ session: [] }],
    paths,
  };
}

export async function registerOpenApi(app: FastifyInstance) {
  const document = buildOpenApi();
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });
  app.get('/v1/openapi.json', async () => document);
}
