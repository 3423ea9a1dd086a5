import {
  captchaChallengeSchema,
  captchaKeySchema,
  casValidateSchema,
  loginRequirementsQuerySchema,
  loginRequirementsSchema,
  loginResultSchema,
  loginSchema,
  noResult,
  passwordResetSchema,
  phoneLoginSchema,
  selectDepartSchema,
  smsCodeRequestSchema,
  smsCodeSentSchema,
  totpCodeSchema,
  totpSetupSchema,
  updatePasswordSchema,
  userInfoSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { clientOf, requireAuth } from '../../platform/access';
import { setActor } from '../../platform/audit';
import { AppError, ok, okResponse } from '../../platform/envelope';
import { requestLocale } from '../../platform/i18n';
import type { Api, Platform, Services } from '../../platform/module';
import { validateCasTicket } from './cas';

export function authRoutes(
  api: Api,
  { auth, captchas, smsCodes }: Pick<Services, 'auth' | 'captchas' | 'smsCodes'>,
  { config }: Platform,
) {
  const LOGIN_RATE_LIMIT = { max: config.loginRateLimit, timeWindow: '1 minute' };

  api.post(
    '/sys/login',
    {
      config: { access: 'public', action: 'login', rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        summary: 'Sign in with a password',
        body: loginSchema,
        response: okResponse(loginResultSchema),
      },
    },
    async (request) => {
      const result = await auth.login(request.body, clientOf(request));
      setActor(request, { id: result.userInfo.id, username: result.userInfo.username });
      return ok(request, result, 'LOGIN_OK');
    },
  );

  api.post(
    '/sys/sms',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Send a code by SMS (sign-in or password reset); the same answer whether the phone is known',
        body: smsCodeRequestSchema,
        response: okResponse(smsCodeSentSchema),
      },
    },
    async (request) =>
      ok(request, await smsCodes.request(request.body, request.ip, requestLocale(request)), 'SMS_CODE_SENT'),
  );

  api.post(
    '/sys/phoneLogin',
    {
      config: { access: 'public', action: 'login', rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        summary: 'Sign in with a code sent by SMS',
        body: phoneLoginSchema,
        response: okResponse(loginResultSchema),
      },
    },
    async (request) => {
      const result = await auth.loginWithPhone(request.body, clientOf(request));
      setActor(request, { id: result.userInfo.id, username: result.userInfo.username });
      return ok(request, result, 'LOGIN_OK');
    },
  );

  api.post(
    '/sys/user/passwordReset',
    {
      config: { access: 'public', action: 'resetPassword', rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        summary: 'Set a new password with a code sent by SMS (ends every session of the user)',
        body: passwordResetSchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, clientOf(request));
      return ok(request, null, 'PASSWORD_RESET');
    },
  );

  api.get(
    '/sys/loginRequirements',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether the next sign-in from here needs a captcha',
        // Asked before a username is typed too: an empty name means "any user from this address".
        querystring: loginRequirementsQuerySchema,
        response: okResponse(loginRequirementsSchema),
      },
    },
    async (request) => ok(request, await auth.requirements(request.query.username ?? '', clientOf(request))),
  );

  api.get(
    '/sys/randomImage/:key',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'A captcha challenge for a check key (a proof of work: see captchaChallengeSchema)',
        params: z.object({ key: captchaKeySchema }),
        response: okResponse(captchaChallengeSchema),
      },
    },
    async (request) => ok(request, await captchas.issue(request.params.key)),
  );

  api.post(
    '/cas/client/validateLogin',
    {
      config: { access: 'public', action: 'login', rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        summary: 'Sign in with a CAS service ticket',
        body: casValidateSchema,
        response: okResponse(loginResultSchema),
      },
    },
    async (request) => {
      const { ticket, service } = request.body;
      if (!config.casServerUrl) throw new AppError('CAS_NOT_CONFIGURED', 501);
      let username: string | null;
      try {
        username = await validateCasTicket(config.casServerUrl, ticket, service);
      } catch (error) {
        request.log.warn({ err: error }, 'CAS server unreachable');
        throw new AppError('CAS_TICKET_INVALID', 502);
      }
      if (!username) throw new AppError('CAS_TICKET_INVALID', 401);
      const result = await auth.loginWithCas(username, clientOf(request));
      setActor(request, { id: result.userInfo.id, username: result.userInfo.username });
      return ok(request, result, 'LOGIN_OK');
    },
  );

  api.post(
    '/sys/logout',
    {
      config: { access: 'user', action: 'logout' },
      schema: { summary: 'End the caller’s session', response: okResponse(noResult) },
    },
    async (request) => {
      await auth.logout(requireAuth(request));
      return ok(request, null, 'LOGOUT_OK');
    },
  );

  api.post(
    '/sys/user/updatePassword',
    {
      config: { access: 'user', action: 'changePassword' },
      schema: {
        summary: 'Change one’s own password (ends every session of the user)',
        body: updatePasswordSchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await auth.changePassword(requireAuth(request), request.body, clientOf(request));
      return ok(request, null, 'PASSWORD_CHANGED');
    },
  );

  api.get(
    '/sys/user/googleAuth/setup',
    {
      config: { access: 'user' },
      schema: { summary: 'Start binding Google Authenticator', response: okResponse(totpSetupSchema) },
    },
    async (request) => ok(request, await auth.startTotpBinding(requireAuth(request))),
  );

  api.post(
    '/sys/user/googleAuth/bind',
    {
      config: { access: 'user', action: 'bindGoogleAuth' },
      schema: {
        summary: 'Finish binding Google Authenticator with a code from it',
        body: totpCodeSchema,
        response: okResponse(z.object({ googleAuthBound: z.literal(true) })),
      },
    },
    async (request) => {
      await auth.bindTotp(requireAuth(request), request.body.code);
      return ok(request, { googleAuthBound: true as const });
    },
  );

  api.post(
    '/sys/selectDepart',
    {
      config: { access: 'user', action: 'selectDepart' },
      schema: {
        summary: 'Choose the current department',
        body: selectDepartSchema,
        response: okResponse(z.object({ userInfo: userInfoSchema })),
      },
    },
    async (request) => {
      const { orgCode, username } = request.body;
      return ok(request, { userInfo: await auth.selectDepart(requireAuth(request), orgCode, username) });
    },
  );
}
