import { z } from 'zod';
import { countryCode } from './rate';
import { resourceListQuerySchema } from './resource';
import { booleanQuery, dateTime, uuid } from './wire';

/**
 * Caller IDs (`/caller`: the numbers a company's calls show) and caller groups (`/callerGroup`:
 * caller IDs a task rotates through, round robin or at random). Each belongs to a company: staff
 * see all, resellers their own and their customers', customers their own.
 */

export const CALLER_ROTATIONS = ['round_robin', 'random'] as const;
export type CallerRotation = (typeof CALLER_ROTATIONS)[number];

export const CALLER_GROUP_MEMBERS_MAX = 500;

/** 3 to 20 digits; a leading '+' is dropped. */
export const callerNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\+/, '').replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{3,20}$/, 'CALLER_NUMBER_INVALID'));

const remark = z.string().trim().max(255, 'FIELD_TOO_LONG').nullish();

const callerShape = {
  number: callerNumber,
  countryCode: countryCode.nullish(),
  /** The company it belongs to; missing: the caller's own (staff must name one). */
  companyId: uuid.optional(),
  enabled: z.boolean().default(true),
  remark,
};

/** `POST /caller/add`. */
export const callerIdInputSchema = z.object(callerShape);
export type CallerIdInput = z.input<typeof callerIdInputSchema>;
/** `PUT /caller/edit` (the company does not change). */
export const callerIdEditSchema = z.object({ id: uuid, ...callerShape });
export type CallerIdEdit = z.input<typeof callerIdEditSchema>;

export const callerIdSchema = z.object({
  id: z.string(),
  number: z.string(),
  countryCode: z.string().nullable(),
  companyId: z.string(),
  companyName: z.string(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CallerId = z.input<typeof callerIdSchema>;

export const CALLER_ID_SORTABLE = ['number', 'countryCode', 'enabled', 'createdAt'] as const;
export const callerIdListQuerySchema = resourceListQuerySchema({
  number: z.string().trim().max(20, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
  enabled: booleanQuery.optional(),
});
export type CallerIdListQuery = z.input<typeof callerIdListQuerySchema>;

const groupShape = {
  name: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  companyId: uuid.optional(),
  rotation: z.enum(CALLER_ROTATIONS, { error: 'FIELD_INVALID' }).default('round_robin'),
  /** Caller IDs of the group's company, in rotation order. */
  callerIds: z
    .array(uuid)
    .min(1, 'CALLER_GROUP_MEMBERS_REQUIRED')
    .max(CALLER_GROUP_MEMBERS_MAX, 'NUMBER_TOO_LARGE')
    .refine((list) => new Set(list).size === list.length, 'CALLER_GROUP_MEMBER_DUPLICATE'),
  enabled: z.boolean().default(true),
  remark,
};

/** `POST /callerGroup/add`. */
export const callerGroupInputSchema = z.object(groupShape);
export type CallerGroupInput = z.input<typeof callerGroupInputSchema>;
/** `PUT /callerGroup/edit` (the company does not change). */
export const callerGroupEditSchema = z.object({ id: uuid, ...groupShape });
export type CallerGroupEdit = z.input<typeof callerGroupEditSchema>;

export const callerGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  rotation: z.enum(CALLER_ROTATIONS),
  members: z.array(z.object({ id: z.string(), number: z.string(), enabled: z.boolean() })),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CallerGroup = z.input<typeof callerGroupSchema>;

export const CALLER_GROUP_SORTABLE = ['name', 'rotation', 'enabled', 'createdAt'] as const;
export const callerGroupListQuerySchema = resourceListQuerySchema({
  name: z.string().trim().max(64, 'FIELD_TOO_LONG').optional(),
  companyId: uuid.optional(),
});
export type CallerGroupListQuery = z.input<typeof callerGroupListQuerySchema>;

/**
 * The next caller ID of a rotation: round robin takes `position` modulo the count (the position
 * counts the draws of one task), random takes `random()` ∈ [0, 1) of the count.
 */
export function pickCaller<T>(
  members: readonly T[],
  rotation: CallerRotation,
  position: number,
  random: () => number,
): T | undefined {
  if (members.length === 0) return undefined;
  const index =
    rotation === 'round_robin'
      ? ((position % members.length) + members.length) % members.length
      : Math.min(members.length - 1, Math.floor(random() * members.length));
  return members[index];
}
