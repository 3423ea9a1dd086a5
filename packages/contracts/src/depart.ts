import { z } from 'zod';
import { SEARCH_TEXT_MAX_LENGTH } from './constants';
import { resourceListQuerySchema } from './resource';
import { dateTime, uuid } from './wire';

/**
 * Departments (`/sys/sysDepart`): the organisation tree. Org codes are generated Jeecg style: a
 * top-level department A01, A02, …; a child of A01 is A01A01, A01A02, … (after A99 comes B01).
 * A department of an agent-type company carries the agent's id (its users get the agent home).
 */

/** Columns the flat department list sorts by. */
export const DEPART_SORTABLE = ['orgCode', 'departName', 'sortNo', 'createdAt'] as const;

const nameText = z.string().trim().min(1, 'FIELD_REQUIRED').max(128, 'FIELD_TOO_LONG');

/** `GET /sys/sysDepart/list`: a flat, paged list (name search, one parent's children). */
export const departListQuerySchema = resourceListQuerySchema({
  keyword: z.string().trim().max(SEARCH_TEXT_MAX_LENGTH, 'FIELD_TOO_LONG').optional(),
  parentId: uuid.optional(),
});
export type DepartListQuery = z.input<typeof departListQuerySchema>;

export const departInputSchema = z.object({
  /** None: a top-level department. */
  parentId: uuid.nullish(),
  departName: nameText,
  departNameZh: nameText,
  /** The agent-type company the department belongs to (its users get the agent home). */
  agentId: uuid.nullish(),
  sortNo: z.number().int().min(0).max(9_999).default(0),
});
export type DepartInput = z.input<typeof departInputSchema>;
/** `PUT /sys/sysDepart/edit`: the parent and org code stay (moving would renumber a subtree). */
export const departEditSchema = z.object({ id: uuid }).and(departInputSchema.omit({ parentId: true }));
export type DepartEdit = z.input<typeof departEditSchema>;

export const departRecordSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  departName: z.string(),
  departNameZh: z.string().nullable(),
  orgCode: z.string(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  sortNo: z.number().int(),
  /** Members (users) of this department itself. */
  userCount: z.number().int(),
  createdAt: dateTime,
});
export type DepartRecord = z.input<typeof departRecordSchema>;

/** A department with its sub-departments (queryTreeList, searchBy). */
export const departTreeNodeSchema = departRecordSchema.extend({
  get children() {
    return z.array(departTreeNodeSchema);
  },
});
// Recursive: a component of the OpenAPI document, which refers to it by this name.
z.globalRegistry.add(departTreeNodeSchema, { id: 'DepartTreeNode' });
export type DepartTreeNode = z.input<typeof departTreeNodeSchema>;

/** A node of a tree select (queryIdTree): `value`/`key` the id, `title` the name in the caller's language. */
export const departIdTreeNodeSchema = z.object({
  key: z.string(),
  value: z.string(),
  title: z.string(),
  orgCode: z.string(),
  get children() {
    return z.array(departIdTreeNodeSchema);
  },
});
// Recursive: a component of the OpenAPI document, which refers to it by this name.
z.globalRegistry.add(departIdTreeNodeSchema, { id: 'DepartIdTreeNode' });
export type DepartIdTreeNode = z.input<typeof departIdTreeNodeSchema>;

/** `GET /sys/sysDepart/searchBy?keyWord=`: departments whose name (either language) or code matches. */
export const departSearchQuerySchema = z.object({
  keyWord: z.string().trim().min(1, 'FIELD_REQUIRED').max(SEARCH_TEXT_MAX_LENGTH, 'FIELD_TOO_LONG'),
});

/** `GET /sys/sysDepart/queryAgentCustomerList?agentId=`: the agent's customers' departments. */
export const agentCustomerQuerySchema = z.object({ agentId: uuid });
