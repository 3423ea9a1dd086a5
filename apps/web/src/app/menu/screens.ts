import { MENU_GROUP_COMPONENT, type ScreenComponent } from '@switchboard/contracts';
import { type ComponentType, lazy } from 'react';
import { withChunkTimeout } from '../chunk-timeout';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Component keys of the server's menu → screens. A static map (no eval, no computed imports):
 * a key that is not here has no screen yet, and its path shows the 404 page. Its keys are the
 * contracts' SCREEN_COMPONENTS, no more and no fewer: the menu editor offers those and the server
 * accepts only those.
 */
const LOADERS: Record<ScreenComponent, Loader> = {
  'home/Home': () => import('@/features/home/pages/HomePage'),
  'agent/AgentHome': () => import('@/features/home/pages/AgentHomePage'),
  'announcement/UserAnnouncement': () => import('@/features/announcement/pages/UserAnnouncementPage'),
  'contact/ContactUs': () => import('@/features/contact/pages/ContactUsPage'),
  'billing/SysCustomerPay': () => import('@/features/payments/pages/RechargePage'),
  'billing/OrderList': () => import('@/features/payments/pages/OrderListPage'),
  'billing/PayoutList': () => import('@/features/payments/pages/PayoutListPage'),
  'billing/BalanceLedger': () => import('@/features/ledger/pages/BalanceLedgerPage'),
  'sms/TestToolRecord': () => import('@/features/sms-test/pages/TestToolPage'),
  'company/CompanyList': () => import('@/features/company/pages/CompanyListPage'),
  'apiAccess/ApiAccess': () => import('@/features/api-access/pages/ApiAccessPage'),
  'agent/AgentCustomers': () => import('@/features/company/pages/AgentCustomersPage'),
  'system/UserList': () => import('@/features/user/pages/UserListPage'),
  'system/DepartList': () => import('@/features/depart/pages/DepartListPage'),
  'system/AnnouncementList': () => import('@/features/announcement/pages/AnnouncementAdminPage'),
  'system/BrandList': () => import('@/features/brand/pages/BrandListPage'),
  'system/ContactList': () => import('@/features/contact/pages/ContactListPage'),
  'system/RoleList': () => import('@/features/role/pages/RoleListPage'),
  'system/DictList': () => import('@/features/dict/pages/DictListPage'),
  'system/CountryList': () => import('@/features/country/pages/CountryListPage'),
  'system/LoginLog': () => import('@/features/logs/pages/LoginLogPage'),
  'system/OperationLog': () => import('@/features/logs/pages/OperationLogPage'),
  'system/ApiDocs': () => import('@/features/api-docs/pages/ApiDocsPage'),
  'system/QuartzJobList': () => import('@/features/scheduled-job/pages/QuartzJobListPage'),
  'system/PermissionList': () => import('@/features/permission/pages/MenuListPage'),
  'apiDocs/CustomerApiDocs': () => import('@/features/api-docs/pages/CustomerApiDocsPage'),
  'system/SmppAccountList': () => import('@/features/smpp-server/pages/SmppAccountListPage'),
  'system/Monitor': () => import('@/features/monitor/pages/MonitorPage'),
  'test/Home': () => import('@/features/diagnostics/pages/DiagnosticsPage'),
  'rates/RateGroupList': () => import('@/features/rate/pages/RateGroupListPage'),
  'rates/RateList': () => import('@/features/rate/pages/RateListPage'),
  'rates/GatewayCostList': () => import('@/features/rate/pages/GatewayCostListPage'),
  'sms/TemplateList': () => import('@/features/sms-template/pages/TemplateListPage'),
  'sms/SenderList': () => import('@/features/sms-template/pages/SenderListPage'),
  // The four kinds share one screen (features/sms/pages/SmsKindPage).
  'sms/Marketing': () =>
    import('@/features/sms/pages/SmsKindPage').then((m) => ({ default: m.MarketingPage })),
  'sms/Notify': () =>
    import('@/features/sms/pages/SmsKindPage').then((m) => ({ default: m.NotificationPage })),
  'sms/OtpReguler': () => import('@/features/sms/pages/SmsKindPage').then((m) => ({ default: m.OtpPage })),
  'sms/OtpPremium': () =>
    import('@/features/sms/pages/SmsKindPage').then((m) => ({ default: m.PremiumOtpPage })),
  'sms/CallbackLog': () => import('@/features/sms/pages/CallbackLogPage'),
  'routing/RouteList': () => import('@/features/routing/pages/RouteListPage'),
  'routing/OperatorList': () => import('@/features/routing/pages/OperatorListPage'),
  'routing/GatewayGrants': () => import('@/features/routing/pages/GatewayGrantsPage'),
  'sms/GatewayList': () => import('@/features/gateway/pages/GatewayListPage'),
  'voice/TrunkList': () => import('@/features/trunk/pages/TrunkListPage'),
  'voice/SipAccountList': () => import('@/features/trunk/pages/SipAccountListPage'),
  'voice/VoiceRouteList': () => import('@/features/trunk/pages/VoiceRouteListPage'),
  'voice/CallerList': () => import('@/features/caller/pages/CallerListPage'),
  'voice/CallerGroupList': () => import('@/features/caller/pages/CallerGroupListPage'),
  'voip/IvrFileList': () => import('@/features/ivr/pages/IvrFileListPage'),
  'voip/IvrFlowList': () => import('@/features/ivr/pages/IvrFlowListPage'),
  'sms/SmsAnalysis': () => import('@/features/sms-stats/pages/SmsAnalysisPage'),
  'callTask/TaskList': () => import('@/features/call-task/pages/TaskListPage'),
  'callTask/CallRecords': () => import('@/features/call-task/pages/CallRecordsPage'),
  'voip/CliTest': () => import('@/features/voice-tools/pages/CliTestPage'),
  'voip/StatusCheckList': () => import('@/features/voice-tools/pages/StatusCheckListPage'),
  'callTask/CallStats': () => import('@/features/call-task/pages/CallStatsPage'),
  'voice/GatewayNotify': () => import('@/features/trunk/pages/GatewayNotifyPage'),
  'callCentre/SeatList': () => import('@/features/call-centre/pages/SeatListPage'),
  'callCentre/SeatGroupList': () => import('@/features/call-centre/pages/SeatGroupListPage'),
  'callCentre/CallResultList': () => import('@/features/call-centre/pages/CallResultListPage'),
  'callCentre/CallList': () => import('@/features/call-centre/pages/CallListPage'),
};

/** Menu nodes that only group their children. */
export const GROUP_COMPONENTS = new Set<string>([MENU_GROUP_COMPONENT]);

export function hasScreen(component: string | null): component is ScreenComponent {
  return component !== null && Object.hasOwn(LOADERS, component);
}

const cache = new Map<string, ComponentType>();
/** Screens whose module has arrived (preloaded, or loaded once by rendering). */
const loaded = new Map<string, ComponentType>();

/** Loads a screen's module (within the chunk time limit) and remembers it once it has arrived. */
function loadScreen(component: string, load: Loader) {
  return withChunkTimeout(load)().then((module) => {
    loaded.set(component, module.default);
    return module;
  });
}

/**
 * The screen of a component key, one per key so pages keep their state across renders. A screen
 * whose module has already arrived (see `preloadScreen`) renders at once; otherwise it is lazy and
 * suspends while its chunk loads (React then keeps the fallback for at least 300 ms, which the
 * first page after sign-in should not pay).
 */
export function screenFor(component: string): ComponentType | undefined {
  if (!hasScreen(component)) return undefined;
  const load = LOADERS[component];
  let screen = cache.get(component);
  if (!screen) {
    screen = loaded.get(component) ?? lazy(() => loadScreen(component, load));
    cache.set(component, screen);
  }
  return screen;
}

/** Fetches a screen's chunk ahead of its first render (the login page does this for the home pages). */
export function preloadScreen(component: string): Promise<void> {
  if (!hasScreen(component) || loaded.has(component)) return Promise.resolve();
  const load = LOADERS[component];
  // A failed preload is not an error: rendering the screen loads it again, with its retry.
  return loadScreen(component, load).then(
    () => undefined,
    () => undefined,
  );
}

/** After a failed load: forget the failed lazy component so the next render loads it again. */
export function forgetScreen(component: string): void {
  cache.delete(component);
}
