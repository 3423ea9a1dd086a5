import { type MenuSeed, writers } from './types';

const crud = (prefix: string, area: 'seat' | 'seatGroup' | 'callResult' | 'callList') =>
  (['add', 'edit', 'delete'] as const).map((action) => ({
    key: `${prefix}${action[0]!.toUpperCase()}${action.slice(1)}`,
    title: action === 'add' ? 'Add' : action === 'edit' ? 'Edit' : 'Delete',
    perms: `callCentre:${area}:${action}` as const,
    permsType: '1' as const,
  }));

/**
 * The call centre (issue 26), first slice: seats, seat groups, call result settings and call
 * lists, for every company role (their own company's) and staff (over their scope).
 */
export const CALL_CENTRE_MENU: MenuSeed[] = [
  {
    key: 'callCentre',
    title: 'Call centre',
    titleKey: 'menu.callCentre',
    path: '/callCentre',
    component: 'layouts/RouteView',
    redirect: '/callCentre/seat',
    icon: 'customer-service',
    alwaysShow: true,
    roles: writers,
    children: [
      {
        key: 'callCentreSeat',
        title: 'Seats',
        titleKey: 'menu.callCentreSeat',
        path: '/callCentre/seat',
        component: 'callCentre/SeatList',
        perms: 'callCentre:seat:list',
        buttons: crud('callCentreSeat', 'seat'),
      },
      {
        key: 'callCentreSeatGroup',
        title: 'Seat groups',
        titleKey: 'menu.callCentreSeatGroup',
        path: '/callCentre/seatGroup',
        component: 'callCentre/SeatGroupList',
        perms: 'callCentre:seatGroup:list',
        buttons: crud('callCentreSeatGroup', 'seatGroup'),
      },
      {
        key: 'callCentreCallResult',
        title: 'Call results',
        titleKey: 'menu.callCentreCallResult',
        path: '/callCentre/callResultSetting',
        component: 'callCentre/CallResultList',
        perms: 'callCentre:callResult:list',
        buttons: crud('callCentreCallResult', 'callResult'),
      },
      {
        key: 'callCentreCallList',
        title: 'Call lists',
        titleKey: 'menu.callCentreCallList',
        path: '/callCentre/callList',
        component: 'callCentre/CallList',
        perms: 'callCentre:callList:list',
        buttons: [
          ...crud('callCentreCallList', 'callList'),
          // Outbound tasks (one per list): their settings and state; their own screen comes with dialling.
          {
            key: 'callCentreOutboundTaskList',
            title: 'Outbound tasks',
            perms: 'callCentre:outboundTask:list',
            permsType: '1',
          },
          {
            key: 'callCentreOutboundTaskAdd',
            title: 'Add outbound task',
            perms: 'callCentre:outboundTask:add',
            permsType: '1',
          },
          {
            key: 'callCentreOutboundTaskEdit',
            title: 'Edit outbound task',
            perms: 'callCentre:outboundTask:edit',
            permsType: '1',
          },
          {
            key: 'callCentreOutboundTaskDelete',
            title: 'Delete outbound task',
            perms: 'callCentre:outboundTask:delete',
            permsType: '1',
          },
          {
            key: 'callCentreOutboundTaskRun',
            title: 'Start, stop, finish outbound task',
            perms: 'callCentre:outboundTask:run',
            permsType: '1',
          },
        ],
      },
    ],
  },
];
