import { type MenuSeed, staff, writers } from './types';
import { VOICE_IVR_SCREENS } from './voice-ivr';
import { VOICE_TASK_SCREENS } from './voice-task';
import { VOICE_TOOL_SCREENS } from './voice-tools';

const crud = (prefix: string, area: 'trunk' | 'sipAccount' | 'route' | 'caller' | 'callerGroup') =>
  (['add', 'edit', 'delete'] as const).map((action) => ({
    key: `${prefix}${action[0]!.toUpperCase()}${action.slice(1)}`,
    title: action === 'add' ? 'Add' : action === 'edit' ? 'Edit' : 'Delete',
    perms: `voice:${area}:${action}` as const,
    permsType: '1' as const,
  }));

/**
 * Voice (issue 23): trunks, SIP accounts and voice routes (staff), caller IDs and caller groups
 * (every company role, and staff over their scope), IVR files and flows (voice-ivr.ts), group
 * call tasks and call records (voice-task.ts), the CLI test and number-status checks (voice-tools.ts).
 */
export const VOICE_MENU: MenuSeed[] = [
  {
    key: 'voice',
    title: 'Voice',
    titleKey: 'menu.voice',
    path: '/voice',
    component: 'layouts/RouteView',
    redirect: '/voice/caller',
    icon: 'phone',
    alwaysShow: true,
    roles: writers,
    children: [
      {
        key: 'voiceTrunk',
        title: 'Trunks',
        titleKey: 'menu.voiceTrunk',
        path: '/voice/trunk',
        component: 'voice/TrunkList',
        perms: 'voice:trunk:list',
        roles: staff,
        buttons: [
          ...crud('voiceTrunk', 'trunk'),
          { key: 'voiceTrunkOptions', title: 'Trunk options', perms: 'voice:trunk:options', permsType: '1' },
        ],
      },
      {
        key: 'voiceSipAccount',
        title: 'SIP accounts',
        titleKey: 'menu.voiceSipAccount',
        path: '/voice/sipAccount',
        component: 'voice/SipAccountList',
        perms: 'voice:sipAccount:list',
        roles: staff,
        buttons: crud('voiceSipAccount', 'sipAccount'),
      },
      {
        key: 'voiceRoute',
        title: 'Voice routes',
        titleKey: 'menu.voiceRoute',
        path: '/voice/route',
        component: 'voice/VoiceRouteList',
        perms: 'voice:route:list',
        roles: staff,
        buttons: [
          ...crud('voiceRoute', 'route'),
          { key: 'voiceRouteTest', title: 'Test route', perms: 'voice:route:test', permsType: '1' },
        ],
      },
      {
        key: 'voiceGatewayNotify',
        title: 'Gateway notify',
        titleKey: 'menu.voiceGatewayNotify',
        path: '/voice/gatewayNotify',
        component: 'voice/GatewayNotify',
        perms: 'voice:notify:view',
        roles: staff,
        buttons: [
          { key: 'voiceGatewayNotifyEdit', title: 'Edit', perms: 'voice:notify:edit', permsType: '1' },
        ],
      },
      {
        key: 'voiceCaller',
        title: 'Caller IDs',
        titleKey: 'menu.voiceCaller',
        path: '/voice/caller',
        component: 'voice/CallerList',
        perms: 'voice:caller:list',
        roles: writers,
        buttons: crud('voiceCaller', 'caller'),
      },
      {
        key: 'voiceCallerGroup',
        title: 'Caller groups',
        titleKey: 'menu.voiceCallerGroup',
        path: '/voice/callerGroup',
        component: 'voice/CallerGroupList',
        perms: 'voice:callerGroup:list',
        roles: writers,
        buttons: crud('voiceCallerGroup', 'callerGroup'),
      },
      ...VOICE_IVR_SCREENS,
      ...VOICE_TASK_SCREENS,
      ...VOICE_TOOL_SCREENS,
    ],
  },
];
