import { registerResultSchema, registerSchema } from '@switchboard/contracts';
import { fieldError, ok, okResponse } from '../../platform/envelope';
import type { Api, Platform, Services } from '../../platform/module';
import { SignUpRefused } from './service';

export function registrationRoutes(
  api: Api,
  { registration }: Pick<Services, 'registration'>,
  { config }: Platform,
) {
  api.post(
    '/sys/user/register',
    {
      config: {
        access: 'public',
        action: 'register',
        rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' },
      },
      schema: {
        summary: 'A company signs up (waits for approval); needs a captcha',
        body: registerSchema,
        response: okResponse(registerResultSchema),
      },
    },
    async (request) => {
      try {
        return ok(request, await registration.register(request.body), 'REGISTERED');
      } catch (error) {
        if (error instanceof SignUpRefused) {
          throw fieldError(request, error.problems, error.errorCode, error.status);
        }
        throw error;
      }
    },
  );
}
