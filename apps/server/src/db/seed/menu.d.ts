import type { RoleCode } from '@switchboard/contracts';
/** A node of the seeded menu tree. `key` gives it a stable id across seeds. */
export interface MenuSeed {
    key: string;
    title: string;
    titleKey: string;
    path?: string;
    component?: string;
    redirect?: string;
    icon?: string;
    perms?: string;
    permsType?: '1' | '2';
    hidden?: boolean;
    alwaysShow?: boolean;
    keepAlive?: boolean;
    url?: string;
    internalOrExternal?: boolean;
    /** Roles granted this node; children inherit unless they set their own. */
    roles?: RoleCode[];
    children?: MenuSeed[];
    /** Buttons (menu type 2) guarded by an action code. */
    buttons?: {
        key: string;
        title: string;
        perms: string;
        permsType: '1' | '2';
        roles?: RoleCode[];
    }[];
}
/** Screens that exist. Later issues add their own nodes here. */
export declare const MENU: MenuSeed[];
