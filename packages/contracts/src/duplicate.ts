import { z } from 'zod';

/** Whether a value is still free (`/sys/duplicate/check`): the sign-up form asks as a person types. */
export const duplicateCheckQuerySchema = z.object({
  tableName: z.string().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  fieldName: z.string().min(1, 'FIELD_REQUIRED').max(64, 'FIELD_TOO_LONG'),
  fieldVal: z.string().max(256, 'FIELD_TOO_LONG').optional(),
  /** The record being edited (left out of the comparison). */
  dataId: z.string().max(64, 'FIELD_TOO_LONG').optional(),
  /** For national phone numbers: the ISO country they belong to (as sign-up accepts). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'FIELD_INVALID')
    .optional(),
});
export type DuplicateCheckQuery = z.input<typeof duplicateCheckQuerySchema>;
