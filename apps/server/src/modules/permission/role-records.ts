import { RoleAdminRepo } from './role-admin-repo';

export type { DataRuleRow, DataRuleValues, RoleValues } from './role-admin-repo';

/**
 * The records of role administration (roles, their grants and members, the data rules), offered
 * to the role module, which holds the rules and the transactions over them: the tables are this
 * module's, so their SQL stays here and the role module reads and writes them through this service.
 */
export class RoleRecordsService extends RoleAdminRepo {}
