import { everyone, type MenuSeed, writers } from './types';

/** IVR files and flows (issue 23), screens of the Voice section (voice.ts). */
export const VOICE_IVR_SCREENS: MenuSeed[] = [
  {
    key: 'ivrFiles',
    title: 'IVR files',
    titleKey: 'menu.ivrFiles',
    path: '/voip/ivrFile',
    component: 'voip/IvrFileList',
    icon: 'customer-service',
    perms: 'voip:ivrFile:list',
    roles: everyone,
    buttons: [
      { key: 'ivrFileAdd', title: 'Add', perms: 'voip:ivrFile:add', permsType: '1', roles: writers },
      {
        key: 'ivrFileDelete',
        title: 'Delete',
        perms: 'voip:ivrFile:delete',
        permsType: '1',
        roles: writers,
      },
    ],
  },
  {
    key: 'ivrFlows',
    title: 'IVR queues and timings',
    titleKey: 'menu.ivrFlows',
    path: '/voip/ivrFlow',
    component: 'voip/IvrFlowList',
    icon: 'branches',
    perms: 'voip:ivrFlow:list',
    roles: everyone,
    buttons: [
      { key: 'ivrFlowAdd', title: 'Add', perms: 'voip:ivrFlow:add', permsType: '1', roles: writers },
      { key: 'ivrFlowEdit', title: 'Edit', perms: 'voip:ivrFlow:edit', permsType: '1', roles: writers },
      {
        key: 'ivrFlowDelete',
        title: 'Delete',
        perms: 'voip:ivrFlow:delete',
        permsType: '1',
        roles: writers,
      },
    ],
  },
];
