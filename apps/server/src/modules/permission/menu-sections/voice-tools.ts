import { type MenuSeed, staff, writers } from './types';

/** The CLI test (staff: trunks are the platform's) and number-status checks (issue 23), screens of the Voice section (voice.ts). */
export const VOICE_TOOL_SCREENS: MenuSeed[] = [
  {
    key: 'voiceCliTest',
    title: 'CLI test',
    titleKey: 'menu.voiceCliTest',
    path: '/voip/cliTest',
    component: 'voip/CliTest',
    perms: 'voice:cliTest:list',
    roles: staff,
    buttons: [
      { key: 'voiceCliTestRun', title: 'Place a test call', perms: 'voice:cliTest:run', permsType: '1' },
    ],
  },
  {
    key: 'voiceStatusCheck',
    title: 'Number status checks',
    titleKey: 'menu.voiceStatusCheck',
    path: '/voip/statusCheck',
    component: 'voip/StatusCheckList',
    perms: 'voice:statusCheck:list',
    roles: writers,
    buttons: [
      { key: 'voiceStatusCheckAdd', title: 'Add', perms: 'voice:statusCheck:add', permsType: '1' },
      { key: 'voiceStatusCheckStop', title: 'Stop', perms: 'voice:statusCheck:stop', permsType: '1' },
      { key: 'voiceStatusCheckExport', title: 'Export', perms: 'voice:statusCheck:export', permsType: '1' },
    ],
  },
];
