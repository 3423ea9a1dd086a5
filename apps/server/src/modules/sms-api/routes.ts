import swagger from '@fastify/swagger';
import {
  API_PREFIX,
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  type ErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_HOURS,
  isErrorCode,
  SMS_API_PREFIX,
  smsApiBalanceSchema,
  smsApiIdParamsSchema,
  smsApiMessageSchema,
  smsApiSendResultSchema,
  smsApiSendSchema,
  translateError,
} from '@switchboard/contracts';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AppError, ok, okResponse, sendError } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Platform, Services } from '../../platform/module';
import { accessErrors, CUSTOMER_API_ERRORS, describeErrors } from '../../platform/openapi';
import { withChinese } from '../../platform/openapi-zh';
import { parseBasic } from '../api-access';
import { requestHashOf } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the customer HTTP API (its own OpenAPI document; the staff one leaves it out). */
    customerApi?: boolean;
  }
  interface FastifyRequest {
    /** The company and key a customer API request was authenticated as. */
    apiCaller: { companyId: string; keyId: string } | null;
    /** SHA-256 of the method, path and body as sent (for Idempotency-Key). */
    apiRequestHash: string | null;
  }
}

/** The decorator of the customer API's OpenAPI document (the staff one is `swagger`). */
const DOC_DECORATOR = 'customerApiDocument';

const DESCRIPTION = [
  'The customer HTTP API. Authenticate every call with **HTTP Basic**: your API key as the user name and',
  'its secret as the password (generate them in the console under API access). Calls must come from an',
  "address in your company's API IP whitelist (when it has one).",
  '',
  'Every answer is the envelope `{success, message, code, result, timestamp}`; errors add `errorCode`',
  'and, for invalid input, `errors` (one message per field). Messages follow the `X-Locale` header',
  '(en-US or zh-CN), then Accept-Language.',
  '',
  `\`POST /sms\` honours an \`${IDEMPOTENCY_KEY_HEADER}\` header: the same key with the same body answers`,
  `the first answer again (header \`Idempotent-Replayed: true\`); with another body it is refused`,
  `(409 \`IDEMPOTENCY_KEY_REUSED\`). Keys are kept ${IDEMPOTENCY_TTL_HOURS} hours.`,
  '',
  'Delivery reports are posted to the callback URL set in the console: JSON `{id, clientRef, to, status,',
  `errorCode, doneAt}\` signed with \`${CALLBACK_TIMESTAMP_HEADER}\` (Unix seconds) and`,
  `\`${CALLBACK_SIGNATURE_HEADER}: v1=<hex HMAC-SHA256 of timestamp + "." + body>\`, keyed with the callback`,
  'signing secret shown in the console. Refuse a timestamp more than 5 minutes off.',
].join('\n');

/** The API key a request names (rate limits count per key), else the caller's address. */
function rateKeyOf(request: FastifyRequest): string {
  const user = parseBasic(request.headers.authorization)?.user;
  return user ? `sms-api:${user.slice(0, 80)}` : `sms-api-ip:${request.ip}`;
}

function callerOf(request: FastifyRequest): { companyId: string; keyId: string } {
  if (!request.apiCaller) throw new AppError('API_BASIC_AUTH_REQUIRED', 401);
  return request.apiCaller;
}

function reasonOf(code: string | null, request: FastifyRequest): string | null {
  if (code === null) return null;
  return isErrorCode(code) ? translateError(code as ErrorCode, requestLocale(request)) : code;
}

/**
 * The customer HTTP API under `/api/openapi/v1`: its own plugin, its own OpenAPI document
 * (public, at `/api/openapi/v1/openapi.json`), HTTP Basic with an API key and secret on every
 * other route, a rate limit per key.
 */
export function smsApiRoutes(api: Api, services: Pick<Services, 'smsApi' | 'apiAccess'>, platform: Platform) {
  const { smsApi, apiAccess } = services;
  const rateLimit = {
    max: platform.config.smsApiRateLimit,
    timeWindow: '1 minute',
    keyGenerator: rateKeyOf,
  };
  api.register(
    async (instance) => {
      const scope = instance as unknown as Api;
      await scope.register(swagger, {
        decorator: DOC_DECORATOR,
        openapi: {
          openapi: '3.1.0',
          info: { title: 'Switchboard SMS API', version: '1', description: DESCRIPTION },
          components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } },
        },
        transform: (document) => {
          const { schema, url } = jsonSchemaTransform(document);
          const route = (document as { route?: RouteOptions }).route;
          const described = { ...(schema as Record<string, unknown>) };
          if (!route?.config || !(route.config as { customerApi?: boolean }).customerApi) {
            return { schema: { ...described, hide: true }, url };
          }
          described.security = [{ basicAuth: [] }];
          withChinese(described);
          describeErrors(described, [
            ...accessErrors('public'),
            ...CUSTOMER_API_ERRORS,
            ...((route.config as { errors?: readonly ErrorCode[] }).errors ?? []),
          ]);
          return { schema: described, url };
        },
      });
      scope.decorateRequest('apiCaller', null);
      scope.decorateRequest('apiRequestHash', null);
      scope.addHook('onRequest', async (request, reply) => {
        if (request.is404 || request.routeOptions.config.customerApi !== true) return;
        const outcome = await apiAccess.verifyBasic({
          authorization: request.headers.authorization,
          ip: request.ip,
        });
        if (!outcome.ok) {
          if (outcome.error.status === 401) reply.header('WWW-Authenticate', 'Basic realm="Switchboard API"');
          return sendError(request, reply, outcome.error);
        }
        request.apiCaller = { companyId: outcome.companyId, keyId: outcome.keyId };
      });
      scope.addHook('preValidation', async (request) => {
        if (request.routeOptions.config.customerApi !== true || request.method !== 'POST') return;
        const path = request.routeOptions.url ?? request.url;
        request.apiRequestHash = requestHashOf(request.method, path, request.body);
      });

      scope.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
        (scope as unknown as Record<string, () => unknown>)[DOC_DECORATOR]!(),
      );

      scope.post(
        '/sms',
        {
          config: {
            access: 'public',
            customerApi: true,
            rateLimit,
            errors: [
              'SMS_SEND_REFUSED',
              'SCHEDULE_IN_PAST',
              'IDEMPOTENCY_KEY_INVALID',
              'IDEMPOTENCY_KEY_REUSED',
              'PAYLOAD_TOO_LARGE',
            ],
          },
          schema: {
            summary: 'Send a message to one number or up to 1000',
            description:
              'Each number is answered with its own status: invalid or unroutable numbers are not ' +
              'sent (status `invalid_number` or `failed`, with `errorCode` and `reason`) and do not ' +
              'fail the request. Priced and charged per part at acceptance.',
            tags: ['SMS'],
            body: smsApiSendSchema,
            response: okResponse(smsApiSendResultSchema),
          },
        },
        async (request, reply) => {
          const caller = callerOf(request);
          const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
          let idempotency: { key: string; requestHash: string } | undefined;
          if (header !== undefined) {
            const key = Array.isArray(header) ? header[0] : header;
            if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
              throw new AppError('IDEMPOTENCY_KEY_INVALID', 400);
            idempotency = { key, requestHash: request.apiRequestHash ?? '' };
          }
          const { outcome, replayed } = await smsApi.send(caller.companyId, request.body, idempotency);
          if (replayed) reply.header('Idempotent-Replayed', 'true');
          return ok(request, {
            batchId: outcome.batchId,
            messages: outcome.messages.map((m) => ({ ...m, reason: reasonOf(m.errorCode, request) })),
          });
        },
      );

      scope.get(
        '/sms/:id',
        {
          config: { access: 'public', customerApi: true, rateLimit, errors: ['NOT_FOUND'] },
          schema: {
            summary: 'One of your messages and its status',
            tags: ['SMS'],
            params: smsApiIdParamsSchema,
            response: okResponse(smsApiMessageSchema),
          },
        },
        async (request) => {
          const message = await smsApi.message(callerOf(request).companyId, request.params.id);
          if (!message) throw new AppError('NOT_FOUND', 404);
          return ok(request, message);
        },
      );

      scope.get(
        '/balance',
        {
          config: { access: 'public', customerApi: true, rateLimit },
          schema: {
            summary: 'Your balance',
            tags: ['Account'],
            response: okResponse(smsApiBalanceSchema),
          },
        },
        async (request) => ok(request, await smsApi.balance(callerOf(request).companyId)),
      );
    },
    { prefix: SMS_API_PREFIX },
  );
}

/** Where the customer API's document is (for logs and the README). */
export const SMS_API_DOCUMENT_PATH = `${API_PREFIX}${SMS_API_PREFIX}/openapi.json`;
