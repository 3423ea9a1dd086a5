import type { RoleCode } from '@switchboard/contracts';
/** Demo accounts created in demo mode (README lists them). Password: DEMO_PASSWORD. */
export interface DemoUser {
    username: string;
    realname: string;
    role: RoleCode;
    /** Department org codes; the first is the current one at first login unless there are several. */
    departments: string[];
    /** Company the user belongs to (by name), if any. */
    company?: string;
}
export declare const DEMO_USERS: DemoUser[];
