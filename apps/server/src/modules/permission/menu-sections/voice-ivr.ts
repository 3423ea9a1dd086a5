import { everyone, type MenuSeed, writers } from './types';

/**
 * Voice: IVR files and flows (issue 23). The other voice screens (trunks, caller ids, group call
 * tasks) join the same `voice` group.
 */
export const VOICE_IVR_MENU: MenuSeed[] = [
  {
    key: 'voice',
    title: 'Voice',
    titleKey: 'menu.voice',
    path: '/voip',
    component: 'layouts/RouteView',
    redirect: '/voip/ivrFile',
    icon: 'phone',
    alwaysShow: true,
    roles: everyone,
    children: [
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
    ],
  },
];
