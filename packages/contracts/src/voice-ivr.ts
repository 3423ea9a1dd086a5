import { z } from 'zod';
import { resourceListQuerySchema } from './resource';
import { dateTime, uuid } from './wire';

/**
 * IVR files and flows (spec `/voip`: IVR files, IVR queues and timings; section 5: TTS text at
 * most 800 characters, file names of letters, digits and underscore, wav uploads). A file is
 * stored as 8 kHz G.711 µ-law with its duration; a flow is a small tree of nodes, each playing a
 * file and waiting for a key, whose branches go to another node, transfer to a number or end the
 * call with a result. The call engine runs a flow as an `IvrPlan` (audio bytes included).
 */

/** Languages of text-to-speech (and of a file, for the list's filter). */
export const IVR_LANGUAGES = ['en', 'zh'] as const;
export type IvrLanguage = (typeof IVR_LANGUAGES)[number];
/** Where a file's audio came from. */
export const IVR_FILE_SOURCES = ['upload', 'tts'] as const;
export type IvrFileSource = (typeof IVR_FILE_SOURCES)[number];

export const IVR_FILE_NAME_MAX = 64;
export const IVR_TTS_TEXT_MAX = 800;
/**
 * Largest wav upload: 10 MB holds 57 s of 44.1 kHz 16-bit stereo, 5.4 minutes of 16 kHz mono,
 * 21 minutes of 8 kHz µ-law: more than any prompt, and a bound on the memory and the
 * resampling time (about 1 s) one upload costs.
 */
export const IVR_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Longest prompt kept, after conversion (an 800-character Chinese text is about 4.5 minutes). */
export const IVR_AUDIO_MAX_MS = 10 * 60 * 1000;

export const ivrFileName = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(IVR_FILE_NAME_MAX, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z0-9_]+$/, 'IVR_FILE_NAME_INVALID');

export const ivrFileSchema = z.object({
  id: uuid,
  companyId: uuid,
  companyName: z.string(),
  name: z.string(),
  source: z.enum(IVR_FILE_SOURCES),
  language: z.enum(IVR_LANGUAGES),
  /** The text spoken (TTS files; null for uploads). */
  text: z.string().nullable(),
  /** The uploaded file's own name (uploads; null for TTS). */
  originalName: z.string().nullable(),
  durationMs: z.number().int(),
  /** Bytes of the stored 8 kHz G.711 audio (8,000 a second). */
  sizeBytes: z.number().int(),
  createdAt: dateTime,
});
export type IvrFile = z.input<typeof ivrFileSchema>;

export const IVR_FILE_SORTABLE = ['name', 'durationMs', 'createdAt'] as const;
export const ivrFileListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(IVR_FILE_NAME_MAX, 'FIELD_TOO_LONG').optional(),
  source: z.enum(IVR_FILE_SOURCES).optional(),
  language: z.enum(IVR_LANGUAGES).optional(),
  companyId: uuid.optional(),
});
export type IvrFileListQuery = z.input<typeof ivrFileListQuerySchema>;

/** A file spoken from text. */
export const ivrTtsInputSchema = z.object({
  name: ivrFileName,
  text: z.string().trim().min(1, 'FIELD_REQUIRED').max(IVR_TTS_TEXT_MAX, 'FIELD_TOO_LONG'),
  language: z.enum(IVR_LANGUAGES),
  /** The company it belongs to: the caller's own when left out (staff and resellers may name one in scope). */
  companyId: uuid.optional(),
});
export type IvrTtsInput = z.input<typeof ivrTtsInputSchema>;

/** The query of a wav upload (the file itself is the multipart body's `file`). */
export const ivrUploadQuerySchema = z.object({
  name: ivrFileName,
  language: z.enum(IVR_LANGUAGES).default('en'),
  companyId: uuid.optional(),
});
export type IvrUploadQuery = z.input<typeof ivrUploadQuerySchema>;

// --- flows ---

export const IVR_FLOW_NAME_MAX = 64;
export const IVR_FLOW_NODES_MAX = 30;
export const IVR_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '#'] as const;
export type IvrKey = (typeof IVR_KEYS)[number];
export const IVR_REPEAT_MAX = 5;
export const IVR_TIMEOUT_MIN_S = 1;
export const IVR_TIMEOUT_MAX_S = 60;
/** A result recorded on the call (the key's meaning: `yes`, `no`, `agent`). */
export const IVR_RESULT_MAX = 32;
const nodeId = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(16, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z0-9_]+$/, 'IVR_NODE_ID_INVALID');
/** A number to transfer to: digits, an optional leading +, 3 to 20 digits. */
const transferNumber = z
  .string()
  .trim()
  .regex(/^\+?\d{3,20}$/, 'IVR_TRANSFER_NUMBER_INVALID');

/** What a key (or no key) does. */
export const ivrActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('goto'), node: nodeId }),
  z.object({ type: z.literal('transfer'), number: transferNumber }),
  z.object({
    type: z.literal('end'),
    result: z.string().trim().max(IVR_RESULT_MAX, 'FIELD_TOO_LONG').default(''),
  }),
]);
export type IvrAction = z.output<typeof ivrActionSchema>;
export type IvrActionInput = z.input<typeof ivrActionSchema>;

export const ivrNodeSchema = z.object({
  id: nodeId,
  /** The prompt played (a file of the flow's company); null: no prompt, only the wait. */
  fileId: uuid.nullable(),
  /** How many times the prompt is played when no key comes (1: once). */
  repeat: z.number().int().min(1, 'FIELD_TOO_SMALL').max(IVR_REPEAT_MAX, 'FIELD_TOO_LARGE'),
  /** Seconds to wait for a key after each playing. */
  timeoutS: z
    .number()
    .int()
    .min(IVR_TIMEOUT_MIN_S, 'FIELD_TOO_SMALL')
    .max(IVR_TIMEOUT_MAX_S, 'FIELD_TOO_LARGE'),
  branches: z
    .array(z.object({ key: z.enum(IVR_KEYS), action: ivrActionSchema }))
    .max(IVR_KEYS.length, 'FIELD_TOO_MANY'),
  /** After the last playing with no key (or a key without a branch, once repeats are spent). */
  noKey: ivrActionSchema,
});
export type IvrNode = z.output<typeof ivrNodeSchema>;
export type IvrNodeInput = z.input<typeof ivrNodeSchema>;

/**
 * The rules of a tree across its nodes (the server adds: every file is the company's):
 * node ids unique, keys unique per node, every `goto` names a node of the flow. The first node
 * is where a call starts.
 */
export function ivrTreeProblems(
  nodes: readonly IvrNode[],
): { path: (string | number)[]; code: 'IVR_NODE_ID_TAKEN' | 'IVR_KEY_TAKEN' | 'IVR_NODE_UNKNOWN' }[] {
  const problems: ReturnType<typeof ivrTreeProblems> = [];
  const ids = new Set<string>();
  nodes.forEach((node, i) => {
    if (ids.has(node.id)) problems.push({ path: ['nodes', i, 'id'], code: 'IVR_NODE_ID_TAKEN' });
    ids.add(node.id);
  });
  nodes.forEach((node, i) => {
    const keys = new Set<string>();
    node.branches.forEach((b, j) => {
      if (keys.has(b.key)) problems.push({ path: ['nodes', i, 'branches', j, 'key'], code: 'IVR_KEY_TAKEN' });
      keys.add(b.key);
      if (b.action.type === 'goto' && !ids.has(b.action.node))
        problems.push({ path: ['nodes', i, 'branches', j, 'action', 'node'], code: 'IVR_NODE_UNKNOWN' });
    });
    if (node.noKey.type === 'goto' && !ids.has(node.noKey.node))
      problems.push({ path: ['nodes', i, 'noKey', 'node'], code: 'IVR_NODE_UNKNOWN' });
  });
  return problems;
}

const ivrNodes = z
  .array(ivrNodeSchema)
  .min(1, 'FIELD_REQUIRED')
  .max(IVR_FLOW_NODES_MAX, 'FIELD_TOO_MANY')
  .superRefine((nodes, ctx) => {
    for (const p of ivrTreeProblems(nodes))
      ctx.addIssue({ code: 'custom', path: p.path.slice(1), message: p.code });
  });

export const ivrFlowInputSchema = z.object({
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(IVR_FLOW_NAME_MAX, 'FIELD_TOO_LONG'),
  remark: z.string().trim().max(255, 'FIELD_TOO_LONG').optional(),
  nodes: ivrNodes,
  companyId: uuid.optional(),
});
export type IvrFlowInput = z.input<typeof ivrFlowInputSchema>;
export const ivrFlowEditSchema = ivrFlowInputSchema.omit({ companyId: true }).extend({ id: uuid });
export type IvrFlowEdit = z.input<typeof ivrFlowEditSchema>;

/** An action as stored and answered: an end always has its result ('' for none). */
const ivrStoredActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('goto'), node: z.string() }),
  z.object({ type: z.literal('transfer'), number: z.string() }),
  z.object({ type: z.literal('end'), result: z.string() }),
]);
/** A node as stored and answered (checked when written: ivrNodeSchema). */
const ivrStoredNodeSchema = z.object({
  id: z.string(),
  fileId: uuid.nullable(),
  repeat: z.number().int(),
  timeoutS: z.number().int(),
  branches: z.array(z.object({ key: z.enum(IVR_KEYS), action: ivrStoredActionSchema })),
  noKey: ivrStoredActionSchema,
});

export const ivrFlowSchema = z.object({
  id: uuid,
  companyId: uuid,
  companyName: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  nodes: z.array(ivrStoredNodeSchema),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type IvrFlow = z.input<typeof ivrFlowSchema>;

export const IVR_FLOW_SORTABLE = ['name', 'createdAt', 'updatedAt'] as const;
export const ivrFlowListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(IVR_FLOW_NAME_MAX, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
});
export type IvrFlowListQuery = z.input<typeof ivrFlowListQuerySchema>;

// --- what the call engine runs (not on the wire: it carries audio bytes) ---

export interface IvrPlanPrompt {
  fileId: string;
  name: string;
  /** 8 kHz G.711 in the plan's codec, 160 bytes per 20 ms frame. */
  audio: Uint8Array;
  durationMs: number;
}

export interface IvrPlanNode {
  id: string;
  prompt: IvrPlanPrompt | null;
  /** Times the prompt is played when no key comes. */
  repeat: number;
  /** Wait for a key after each playing. */
  timeoutMs: number;
  /** By key: what it does. A key not here is ignored (the prompt goes on). */
  branches: Partial<Record<IvrKey, IvrAction>>;
  noKey: IvrAction;
}

/**
 * A flow as the call engine runs it: start at `start`, play the node's prompt (a key press
 * interrupts it), wait `timeoutMs` for a key, repeat up to `repeat` times, then `noKey`. A key
 * with a branch: `goto` another node, `transfer` to a number, or `end` with `result` recorded
 * as the call's result (the keys pressed are recorded as well).
 */
export interface IvrPlan {
  flowId: string | null;
  name: string;
  codec: 'PCMU' | 'PCMA';
  start: string;
  nodes: Record<string, IvrPlanNode>;
}
