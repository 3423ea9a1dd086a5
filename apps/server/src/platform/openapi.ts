import swagger from '@fastify/swagger';
import { TOKEN_HEADER } from '@switchboard/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Access } from './access';

/** The permission that opens the OpenAPI document (staff's API documentation screen). */
export const API_DOCS_PERMISSION = 'system:apiDocs:view';

function describeAccess(access: Access | undefined): string {
  if (access === 'public') return 'Public: no session needed.';
  if (access === 'user') return 'Any signed-in user.';
  if (access) return `Needs the permission \`${access.permission}\`.`;
  return '';
}

/**
 * The OpenAPI 3.1 document, generated from every route's zod schemas (the same schemas that
 * validate and serialise), with each route's access and the session token header.
 */
export async function registerOpenApi(server: FastifyInstance) {
  await server.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Switchboard API',
        version: '1',
        description:
          'Every answer is the envelope `{success, message, code, result, timestamp}`; errors add ' +
          '`errorCode` and, for invalid input, `errors` (one message per field). Messages follow ' +
          'the `X-Locale` header (en-US or zh-CN), then Accept-Language.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } },
      },
    },
    hideUntagged: true,
    // The recursive schemas (trees) are components, registered by name in zod's global registry.
    transformObject: jsonSchemaTransformObject,
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document);
      const route = (document as { route?: RouteOptions }).route;
      // The customer API has its own document (`/api/openapi/v1/openapi.json`).
      if ((route?.config as { customerApi?: boolean } | undefined)?.customerApi) {
        return { schema: { ...(schema as object), hide: true }, url };
      }
      const access = route?.config && (route.config as { access?: Access }).access;
      const described = schema as Record<string, unknown>;
      if (access && access !== 'public') described.security = [{ token: [] }];
      if (typeof access === 'object') described['x-permission'] = access.permission;
      // What the zod schemas cannot say: a file upload (importExcel) and a file answer (exportXls).
      const extra =
        route?.config && (route.config as { openapi?: { upload?: boolean; produces?: string } }).openapi;
      if (extra?.upload) {
        described.consumes = ['multipart/form-data'];
        described.body = {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', format: 'binary', description: '.xlsx, .csv or .txt' } },
        };
      }
      if (extra?.produces) {
        described.response = {
          ...(described.response as object),
          200: {
            description: 'The file',
            content: { [extra.produces]: { schema: { type: 'string', format: 'binary' } } },
          },
        };
      }
      const note = describeAccess(access);
      if (note) described.description = [described.description, note].filter(Boolean).join('\n\n');
      return { schema: described, url };
    },
  });
}
