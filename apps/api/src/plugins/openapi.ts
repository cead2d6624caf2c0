import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.js';

/** OpenAPI 3.1 generated from the routes' zod schemas: `/api/openapi.json`, browsable at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'GPR Hub API',
        version: '0.1.0',
        description:
          'Every call is scoped to one organization: the session\'s active organization, the `x-organization` header ' +
          '(slug or id), or the organization of the API key. Authenticate with the session cookie, ' +
          '`Authorization: Bearer <session token>`, or `Authorization: Bearer <tenant key>`. ' +
          'Errors are `{message, httpStatus, code, service, validationErrors?}`. List endpoints take ' +
          '`q=<JSON {filter, limit, skip, sort: {field, direction}}>`.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token or a tenant API key' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
