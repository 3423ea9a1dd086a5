import {
  captchaKeySchema,
  casValidateSchema,
  loginSchema,
  USERNAME_MAX_LENGTH,
} from '@switchboard/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth';
import { AppError, ok, parse } from '../../platform/envelope';
import type { Services } from '../../services';
import { validateCasTicket } from './cas';
import type { ClientInfo } from './service';

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function authRoutes(app: FastifyInstance, { auth, captchas, config }: Services) {
  const LOGIN_RATE_LIMIT = { max: config.loginRateLimit, timeWindow: '1 minute' };

  app.post('/sys/login', { config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT } }, async (request) => {
    const payload = parse(request, loginSchema, request.body);
    return ok(request, await auth.login(payload, clientOf(request)), 'LOGIN_OK');
  });

  app.get('/sys/loginRequirements', { config: { access: 'public' } }, async (request) => {
    // Asked before a username is typed too: an empty name means "any user from this address".
    const query = z.object({
      username: z.string().trim().max(USERNAME_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
    });
    const { username } = parse(request, query, request.query);
    return ok(request, await auth.requirements(username ?? '', clientOf(request)));
  });

  app.get(
    '/sys/randomImage/:key',
    { config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request) => {
      const { key } = parse(request, z.object({ key: captchaKeySchema }), request.params);
      return ok(request, await captchas.issue(key));
    },
  );

  app.post(
    '/cas/client/validateLogin',
    { config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT } },
    async (request) => {
      const { ticket, service } = parse(request, casValidateSchema, request.body);
      if (!config.casServerUrl) throw new AppError('CAS_NOT_CONFIGURED', 501);
      let username: string | null;
      try {
        username = await validateCasTicket(config.casServerUrl, ticket, service);
      } catch (error) {
        request.log.warn({ err: error }, 'CAS server unreachable');
        throw new AppError('CAS_TICKET_INVALID', 502);
      }
      if (!username) throw new AppError('CAS_TICKET_INVALID', 401);
      return ok(request, await auth.loginWithCas(username, clientOf(request)), 'LOGIN_OK');
    },
  );

  app.post('/sys/logout', { config: { access: 'user' } }, async (request) => {
    await auth.logout(requireAuth(request));
    return ok(request, null, 'LOGOUT_OK');
  });
}
