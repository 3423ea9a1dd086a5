import {
  AVATAR_MAX_BYTES,
  googleAuthUnbindSchema,
  noResult,
  profileSchema,
  profileUpdateSchema,
  uuid,
} from '@switchboard/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientOf, requireAuth } from '../../platform/access';
import { recordChange } from '../../platform/audit';
import { AppError, fieldError, ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { ProfileRefused } from './profile-service';

async function fields<T>(request: FastifyRequest, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ProfileRefused)
      throw fieldError(request, error.problems, error.errorCode, error.status);
    throw error;
  }
}

/** The one uploaded image of a multipart request, refused past AVATAR_MAX_BYTES. */
async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('AVATAR_FILE_REQUIRED', 400);
  try {
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2 } });
    if (!part) throw new AppError('AVATAR_FILE_REQUIRED', 400);
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('AVATAR_TOO_LARGE', 413, { max: AVATAR_MAX_BYTES / 1024 });
    throw new AppError('BAD_REQUEST', 400);
  }
}

/** My account: every signed-in user reads and changes their own record only. */
export function profileRoutes(api: Api, { profiles }: Pick<Services, 'profiles'>) {
  api.get(
    '/sys/user/profile',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The caller’s own profile: name, avatar, phone, e-mail, Google Authenticator',
        response: okResponse(profileSchema),
      },
    },
    async (request) => ok(request, await profiles.get(requireAuth(request))),
  );

  api.put(
    '/sys/user/profile',
    {
      config: { access: 'user', action: 'editProfile' },
      schema: {
        summary: 'Change one’s own real name, phone and e-mail (phone and e-mail unique)',
        body: profileUpdateSchema,
        response: okResponse(profileSchema),
      },
    },
    async (request) => {
      const { before, after } = await fields(request, profiles.update(requireAuth(request), request.body));
      recordChange(request, before, after);
      return ok(request, after, 'PROFILE_SAVED');
    },
  );

  api.post(
    '/sys/user/avatar',
    {
      config: { access: 'user', action: 'uploadAvatar', openapi: { upload: true } },
      schema: {
        summary: 'Upload one’s own avatar (PNG, JPEG, GIF or WebP, checked by content)',
        description: `multipart/form-data with one \`file\` of at most ${AVATAR_MAX_BYTES / 1024} KB.`,
        response: okResponse(profileSchema),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { before, after } = await profiles.setAvatar(auth, await uploadedImage(request));
      recordChange(request, before, after);
      return ok(request, after);
    },
  );

  api.get(
    '/sys/user/avatar/:id',
    {
      config: { access: 'public', openapi: { produces: 'image/*' } },
      schema: {
        summary: 'An avatar image (its address is its random id; a new upload gets a new one)',
        params: z.object({ id: uuid }),
      },
    },
    async (request, reply) => {
      const image = await profiles.avatar(request.params.id);
      if (!image) throw new AppError('NOT_FOUND', 404);
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.bytes);
    },
  );

  api.post(
    '/sys/user/googleAuth/unbind',
    {
      config: { access: 'user', action: 'unbindGoogleAuth' },
      schema: {
        summary: 'Unbind one’s own Google Authenticator (with the password or a current code)',
        body: googleAuthUnbindSchema,
        response: okResponse(noResult),
      },
    },
    async (request) => {
      await profiles.unbindTotp(requireAuth(request), request.body, clientOf(request));
      return ok(request, null);
    },
  );
}
