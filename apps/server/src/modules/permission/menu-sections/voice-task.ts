import { type MenuSeed, staff, staffScope } from './types';

/** Group call tasks, their call records and statistics (issue 23), screens of the Voice section (voice.ts). */
export const VOICE_TASK_SCREENS: MenuSeed[] = [
  {
    key: 'callTaskList',
    title: 'Group call tasks',
    titleKey: 'menu.callTaskList',
    path: '/groupCallTask/list',
    component: 'callTask/TaskList',
    perms: 'voice:task:list',
    buttons: [
      { key: 'callTaskAdd', title: 'Add', perms: 'voice:task:add', permsType: '1' },
      { key: 'callTaskEdit', title: 'Edit', perms: 'voice:task:edit', permsType: '1' },
      { key: 'callTaskDelete', title: 'Delete', perms: 'voice:task:delete', permsType: '1' },
      {
        key: 'callTaskRun',
        title: 'Run, pause, resume, stop, re-call',
        perms: 'voice:task:run',
        permsType: '1',
      },
    ],
  },
  {
    key: 'callRecords',
    title: 'Call records',
    titleKey: 'menu.callRecords',
    path: '/groupCallTask/records',
    component: 'callTask/CallRecords',
    perms: 'voice:record:list',
    buttons: [{ key: 'callRecordExport', title: 'Export', perms: 'voice:record:export', permsType: '1' }],
  },
  {
    key: 'callStats',
    title: 'Call statistics',
    titleKey: 'menu.callStats',
    path: '/groupCallTask/stats',
    component: 'callTask/CallStats',
    perms: 'voice:record:stats',
    buttons: [
      { key: 'callStatsExport', title: 'Export', perms: 'voice:stats:export', permsType: '1' },
      // Trunks are the platform's: their statistics are for staff.
      {
        key: 'callStatsTrunk',
        title: 'By trunk',
        perms: 'voice:stats:trunk',
        permsType: '1',
        roles: staffScope,
      },
      {
        key: 'callStatsRebuild',
        title: 'Rebuild roll-up',
        perms: 'voice:stats:rebuild',
        permsType: '1',
        roles: staff,
      },
    ],
  },
];
