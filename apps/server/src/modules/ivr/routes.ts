import {
  IVR_FILE_SORTABLE,
  IVR_FLOW_SORTABLE,
  IVR_UPLOAD_MAX_BYTES,
  ivrFileListQuerySchema,
  ivrFileSchema,
  ivrFlowEditSchema,
  ivrFlowInputSchema,
  ivrFlowListQuerySchema,
  ivrFlowSchema,
  ivrTtsInputSchema,
  ivrUploadQuerySchema,
  type PermissionCode,
  resourceIdQuerySchema,
} from '@switchboard/contracts';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../platform/access';
import { AppError, ok, okResponse } from '../../platform/envelope';
import type { Api, Services } from '../../platform/module';
import { defineResource, type ResourceAction, resourceRoutes } from '../../platform/resource';

/** Permission codes of the IVR screens (menu-sections/voice-ivr.ts grants them). */
export const IVR_PERMS = {
  fileList: 'voip:ivrFile:list',
  fileAdd: 'voip:ivrFile:add',
  fileDelete: 'voip:ivrFile:delete',
  flowList: 'voip:ivrFlow:list',
  flowAdd: 'voip:ivrFlow:add',
  flowEdit: 'voip:ivrFlow:edit',
  flowDelete: 'voip:ivrFlow:delete',
} as const satisfies Record<string, PermissionCode>;
const P = IVR_PERMS;

const FILE_ACTIONS: Partial<Record<ResourceAction, PermissionCode>> = {
  list: P.fileList,
  queryById: P.fileList,
  delete: P.fileDelete,
  deleteBatch: P.fileDelete,
};
const FLOW_ACTIONS: Partial<Record<ResourceAction, PermissionCode>> = {
  list: P.flowList,
  queryById: P.flowList,
  add: P.flowAdd,
  edit: P.flowEdit,
  delete: P.flowDelete,
  deleteBatch: P.flowDelete,
};

/** The one uploaded wav of a multipart request, refused past IVR_UPLOAD_MAX_BYTES. */
async function uploadedWav(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('IVR_FILE_REQUIRED', 400);
  const tooLarge = () => new AppError('IVR_FILE_TOO_LARGE', 413, { max: IVR_UPLOAD_MAX_BYTES / 1024 / 1024 });
  try {
    const part = await request.file({ limits: { fileSize: IVR_UPLOAD_MAX_BYTES, files: 1, fields: 4 } });
    if (!part) throw new AppError('IVR_FILE_REQUIRED', 400);
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return { filename: part.filename, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // A malformed multipart body is the caller's mistake.
    throw new AppError('BAD_REQUEST', 400);
  }
}

export function ivrRoutes(api: Api, { ivr }: Pick<Services, 'ivr'>) {
  // --- files: list, queryById, delete, deleteBatch; tts, upload and audio below ---
  resourceRoutes(
    api,
    defineResource({
      path: '/voip/ivrFile',
      noun: 'IVR file',
      permission: (action) => FILE_ACTIONS[action] ?? P.fileList,
      record: ivrFileSchema,
      list: {
        query: ivrFileListQuerySchema,
        sortable: IVR_FILE_SORTABLE,
        run: (query, auth) => ivr.listFiles(auth, query),
      },
      queryById: (id, auth) => ivr.getFile(auth, id),
      remove: (ids, auth) => ivr.deleteFiles(auth, ids),
    }),
  );

  api.post(
    '/voip/ivrFile/tts',
    {
      config: { access: { permission: P.fileAdd } },
      schema: {
        summary: 'Make an IVR file by text-to-speech (English or Mandarin; cached by text and voice)',
        description:
          'Text of at most 800 characters, read by eSpeak NG; kept as 8 kHz G.711 µ-law with its duration. The first synthesis of a text takes seconds; the same text and language again come from the cache.',
        body: ivrTtsInputSchema,
        response: okResponse(ivrFileSchema),
      },
    },
    async (request) => ok(request, await ivr.createTts(requireAuth(request), request.body)),
  );

  api.post(
    '/voip/ivrFile/upload',
    {
      config: { access: { permission: P.fileAdd }, openapi: { upload: true } },
      schema: {
        summary: 'Upload a wav file as an IVR file (converted to 8 kHz G.711, normalised to -1 dBFS)',
        description: `multipart/form-data with one \`file\` (.wav: PCM 8, 16, 24 or 32-bit, 32 or 64-bit float, µ-law or A-law; any rate; mono or stereo) of at most ${IVR_UPLOAD_MAX_BYTES / 1024 / 1024} MB; the name and language in the query.`,
        querystring: ivrUploadQuerySchema,
        response: okResponse(ivrFileSchema),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const file = await uploadedWav(request);
      return ok(request, await ivr.upload(auth, request.query, file.bytes, file.filename));
    },
  );

  api.get(
    '/voip/ivrFile/audio',
    {
      config: { access: { permission: P.fileList }, openapi: { produces: 'audio/wav' } },
      schema: {
        summary: 'An IVR file as the calls play it, as a 16-bit 8 kHz WAV for the browser',
        querystring: resourceIdQuerySchema,
      },
    },
    async (request, reply) => {
      const wav = await ivr.fileWav(requireAuth(request), request.query.id);
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength));
    },
  );

  // --- flows ---
  resourceRoutes(
    api,
    defineResource({
      path: '/voip/ivrFlow',
      noun: 'IVR flow',
      permission: (action) => FLOW_ACTIONS[action] ?? P.flowList,
      record: ivrFlowSchema,
      list: {
        query: ivrFlowListQuerySchema,
        sortable: IVR_FLOW_SORTABLE,
        run: (query, auth) => ivr.listFlows(auth, query),
      },
      queryById: (id, auth) => ivr.getFlow(auth, id),
      add: { body: ivrFlowInputSchema, run: (input, auth) => ivr.addFlow(auth, input) },
      edit: { body: ivrFlowEditSchema, run: (input, auth) => ivr.editFlow(auth, input) },
      remove: (ids, auth) => ivr.deleteFlows(auth, ids),
    }),
  );
}
