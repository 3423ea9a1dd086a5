import swagger from '@fastify/swagger';
import { type ErrorCode, TOKEN_HEADER, translateError } from '@switchboard/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Access } from './access';
import { withChinese } from './openapi-zh';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The error codes this route may answer beyond those every route of its kind answers (see
     * `errorCodesOf`): listed in the OpenAPI document.
     */
    errors?: readonly ErrorCode[];
  }
}

/** Codes any route may answer: invalid input, a rate limit, the database away. */
const EVERY_ROUTE: readonly ErrorCode[] = ['VALIDATION_FAILED', 'TOO_MANY_REQUESTS', 'DATABASE_UNAVAILABLE'];
/** Codes of a route that needs a session. */
const SIGNED_IN: readonly ErrorCode[] = ['UNAUTHORIZED', 'TOKEN_INVALID', 'LOGIN_EXPIRED', 'ACCOUNT_FROZEN'];
/** Codes of a customer API route (HTTP Basic, the key's company and IP whitelist). */
export const CUSTOMER_API_ERRORS: readonly ErrorCode[] = [
  'API_BASIC_AUTH_REQUIRED',
  'API_CREDENTIALS_INVALID',
  'API_KEY_DISABLED',
  'API_IP_NOT_ALLOWED',
  'API_COMPANY_NOT_ACTIVE',
];

/** The codes of a route's access kind. */
export function accessErrors(access: Access | undefined): readonly ErrorCode[] {
  if (access === 'public' || access === undefined) return EVERY_ROUTE;
  if (access === 'user') return [...EVERY_ROUTE, ...SIGNED_IN];
  return [...EVERY_ROUTE, ...SIGNED_IN, 'NO_OPERATION_PERMISSION'];
}

/**
 * Lists a route's error codes in its operation: `x-error-codes` (code and English message each)
 * and a line of its description (which the console's API documentation shows).
 */
export function describeErrors(described: Record<string, unknown>, codes: readonly ErrorCode[]): void {
  const listed = [...new Set(codes)].map((code) => ({ code, message: translateError(code, 'en-US') }));
  described['x-error-codes'] = listed;
  const line = `Error codes: ${listed.map((e) => `\`${e.code}\` (${e.message})`).join('; ')}.`;
  described.description = [described.description, line].filter(Boolean).join('\n\n');
}

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
      withChinese(described);
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
      describeErrors(described, [...accessErrors(access), ...(route?.config?.errors ?? [])]);
      return { schema: described, url };
    },
  });
}
