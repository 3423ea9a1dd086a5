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
  buttons?: { key: string; title: string; perms: string; permsType: '1' | '2'; roles?: RoleCode[] }[];
}

const everyone: RoleCode[] = ['admin', 'sales', 'distributor', 'agent', 'customer'];
const staff: RoleCode[] = ['admin'];
const resellersAndAdmin: RoleCode[] = ['admin', 'distributor', 'agent'];
/** Users of a company (they write their own templates and sender ids). */
const companyRoles: RoleCode[] = ['distributor', 'agent', 'customer'];
/** Who reviews templates and sender ids: staff in their scope, resellers their customers'. */
/** Who adds and edits them: a company's users their own, staff any company's in their scope. */
const writers: RoleCode[] = ['admin', 'sales', ...companyRoles];
/**
 * Who imports: a company's users into their own company (the administrator holds the button, as
 * every button; without a company of its own the route refuses it).
 */
const importers: RoleCode[] = ['admin', ...companyRoles];
const reviewers: RoleCode[] = ['admin', 'sales', 'distributor', 'agent'];

/** Screens that exist. Later issues add their own nodes here. */
export const MENU: MenuSeed[] = [
  {
    key: 'home',
    title: 'Home',
    titleKey: 'menu.home',
    path: '/home/Home',
    component: 'home/Home',
    icon: 'home',
    roles: everyone,
    buttons: [{ key: 'homeTotals', title: 'SMS figures', perms: 'home:totals:view', permsType: '1' }],
  },
  {
    key: 'agentHome',
    title: 'Agent home',
    titleKey: 'menu.agentHome',
    path: '/AgentHome',
    component: 'agent/AgentHome',
    icon: 'dashboard',
    hidden: true,
    roles: ['admin', 'distributor', 'agent'],
  },
  {
    key: 'userAnnouncement',
    title: 'My announcements',
    titleKey: 'menu.userAnnouncement',
    path: '/isps/userAnnouncement',
    component: 'announcement/UserAnnouncement',
    icon: 'notification',
    hidden: true,
    roles: everyone,
  },
  {
    key: 'contactUs',
    title: 'Contact us',
    titleKey: 'menu.contactUs',
    path: '/contactUs',
    component: 'contact/ContactUs',
    icon: 'customer-service',
    hidden: true,
    roles: everyone,
  },
  {
    key: 'recharge',
    title: 'Recharge',
    titleKey: 'menu.recharge',
    path: '/SysCustomerPay',
    component: 'billing/SysCustomerPay',
    icon: 'wallet',
    hidden: true,
    roles: everyone,
    // Top-ups are for companies' users (staff have no balance of their own).
    buttons: [
      {
        key: 'orderCreate',
        title: 'Top up',
        perms: 'order:create',
        permsType: '1',
        roles: ['distributor', 'agent', 'customer'],
      },
    ],
  },
  {
    key: 'topUpOrders',
    title: 'Top-up orders',
    titleKey: 'menu.topUpOrders',
    path: '/billing/orders',
    component: 'billing/OrderList',
    icon: 'wallet',
    perms: 'order:list',
    roles: ['admin', 'sales', 'distributor', 'agent'],
  },
  {
    key: 'payouts',
    title: 'Commission payouts',
    titleKey: 'menu.payouts',
    path: '/billing/payouts',
    component: 'billing/PayoutList',
    icon: 'wallet',
    perms: 'order:payout:list',
    roles: ['admin', 'sales', 'distributor', 'agent'],
    buttons: [
      {
        key: 'payoutCreate',
        title: 'Request payout',
        perms: 'order:payout:create',
        permsType: '1',
        roles: ['distributor', 'agent'],
      },
      {
        key: 'payoutDecide',
        title: 'Approve / reject payout',
        perms: 'order:payout:decide',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
    ],
  },
  {
    key: 'testTool',
    title: 'Test tool',
    titleKey: 'menu.testTool',
    path: '/TestToolRecord',
    component: 'sms/TestToolRecord',
    icon: 'experiment',
    hidden: true,
    perms: 'sms:testTool:view',
    roles: staff,
  },
  // SMS sending (issue 12): the server's permission codes of the four kinds, ahead of their screens
  // (hidden until the console's pages come). Every role with a company sends as it; staff read all.
  {
    key: 'smsMarketing',
    title: 'Marketing SMS',
    titleKey: 'menu.smsMarketing',
    path: '/sms/marketing',
    hidden: true,
    perms: 'sms:marketing:list',
    roles: everyone,
    buttons: [
      { key: 'smsMarketingSend', title: 'Send', perms: 'sms:marketing:send', permsType: '1' },
      { key: 'smsMarketingCancel', title: 'Cancel scheduled', perms: 'sms:marketing:cancel', permsType: '1' },
      { key: 'smsMarketingExport', title: 'Export', perms: 'sms:marketing:export', permsType: '1' },
    ],
  },
  {
    key: 'smsNotify',
    title: 'Notification SMS',
    titleKey: 'menu.smsNotify',
    path: '/sms/notify',
    hidden: true,
    perms: 'sms:notify:list',
    roles: everyone,
    buttons: [
      { key: 'smsNotifySend', title: 'Send', perms: 'sms:notify:send', permsType: '1' },
      { key: 'smsNotifyCancel', title: 'Cancel scheduled', perms: 'sms:notify:cancel', permsType: '1' },
      { key: 'smsNotifyExport', title: 'Export', perms: 'sms:notify:export', permsType: '1' },
    ],
  },
  {
    key: 'smsOtpReguler',
    title: 'OTP SMS',
    titleKey: 'menu.smsOtpReguler',
    path: '/sms/otpReguler',
    hidden: true,
    perms: 'sms:otpReguler:list',
    roles: everyone,
    buttons: [
      { key: 'smsOtpRegulerSend', title: 'Send', perms: 'sms:otpReguler:send', permsType: '1' },
      {
        key: 'smsOtpRegulerCancel',
        title: 'Cancel scheduled',
        perms: 'sms:otpReguler:cancel',
        permsType: '1',
      },
      { key: 'smsOtpRegulerExport', title: 'Export', perms: 'sms:otpReguler:export', permsType: '1' },
    ],
  },
  {
    key: 'smsOtpPremium',
    title: 'Premium OTP SMS',
    titleKey: 'menu.smsOtpPremium',
    path: '/sms/otpPremium',
    hidden: true,
    perms: 'sms:otpPremium:list',
    roles: everyone,
    buttons: [
      { key: 'smsOtpPremiumSend', title: 'Send', perms: 'sms:otpPremium:send', permsType: '1' },
      {
        key: 'smsOtpPremiumCancel',
        title: 'Cancel scheduled',
        perms: 'sms:otpPremium:cancel',
        permsType: '1',
      },
      { key: 'smsOtpPremiumExport', title: 'Export', perms: 'sms:otpPremium:export', permsType: '1' },
    ],
  },
  {
    key: 'smsAnalysis',
    title: 'SMS analysis',
    titleKey: 'menu.smsAnalysis',
    path: '/sms/analysis',
    component: 'sms/SmsAnalysis',
    icon: 'bar-chart',
    perms: 'sms:analysis:list',
    roles: everyone,
    buttons: [
      { key: 'smsAnalysisExport', title: 'Export', perms: 'sms:analysis:export', permsType: '1' },
      {
        key: 'smsAnalysisRebuild',
        title: 'Rebuild roll-up',
        perms: 'sms:analysis:rebuild',
        permsType: '1',
        roles: staff,
      },
    ],
  },
  {
    key: 'smsCallbackLog',
    title: 'Delivery callbacks',
    titleKey: 'menu.smsCallbackLog',
    path: '/sms/callback',
    hidden: true,
    perms: 'sms:callback:list',
    roles: everyone,
  },
  {
    key: 'balanceLedger',
    title: 'Balance & ledger',
    titleKey: 'menu.balanceLedger',
    path: '/billing/ledger',
    component: 'billing/BalanceLedger',
    icon: 'account-book',
    roles: everyone,
  },
  {
    key: 'companies',
    title: 'Companies',
    titleKey: 'menu.companies',
    path: '/company/list',
    component: 'company/CompanyList',
    icon: 'bank',
    perms: 'company:list',
    roles: ['admin', 'sales', 'distributor', 'agent', 'customer'],
    buttons: [
      {
        key: 'companyIpWhitelist',
        title: 'Login IP whitelist',
        perms: 'company:ipWhitelist',
        permsType: '2',
        roles: staff,
      },
      {
        key: 'companyBalanceAdjust',
        title: 'Adjust balance',
        perms: 'company:balance:adjust',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
      // Company administration (issue 11): platform staff only; sales within their assigned companies.
      {
        key: 'companyAdd',
        title: 'Add company',
        perms: 'company:add',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
      {
        key: 'companyEdit',
        title: 'Edit company',
        perms: 'company:edit',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
      {
        key: 'companyFrozen',
        title: 'Freeze or thaw company',
        perms: 'company:frozen',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
      {
        key: 'companyEnabled',
        title: 'Enable or disable company',
        perms: 'company:enabled',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
      {
        key: 'companyApprove',
        title: 'Approve or reject company',
        perms: 'company:approve',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
      {
        key: 'companyCreditLimit',
        title: 'Set credit limit',
        perms: 'company:creditLimit',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
      {
        key: 'companyExport',
        title: 'Export companies',
        perms: 'company:export',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
    ],
  },
  {
    key: 'agentCustomers',
    title: 'My customers',
    titleKey: 'menu.agentCustomers',
    path: '/sms/agent/customer',
    component: 'agent/AgentCustomers',
    icon: 'team',
    perms: 'agent:customer:list',
    roles: ['distributor', 'agent'],
    // The administrator holds every button, as everywhere; the routes act only for a reseller's
    // own company, so an administrator without one is refused there.
    buttons: [
      {
        key: 'agentCustomerAdd',
        title: 'Add customer',
        perms: 'agent:customer:add',
        permsType: '1',
        roles: resellersAndAdmin,
      },
      {
        key: 'agentCustomerEdit',
        title: 'Edit customer',
        perms: 'agent:customer:edit',
        permsType: '1',
        roles: resellersAndAdmin,
      },
      {
        key: 'agentCustomerFrozen',
        title: 'Freeze or thaw customer',
        perms: 'agent:customer:frozen',
        permsType: '1',
        roles: resellersAndAdmin,
      },
      {
        key: 'agentBalanceTransfer',
        title: 'Transfer balance',
        perms: 'agent:balance:transfer',
        permsType: '1',
        roles: resellersAndAdmin,
      },
      {
        key: 'agentCustomerExport',
        title: 'Export customers',
        perms: 'agent:customer:export',
        permsType: '1',
        roles: resellersAndAdmin,
      },
      // SMS routing (issue 12): which of its granted gateways each customer uses.
      {
        key: 'agentGatewayList',
        title: 'Granted gateways',
        perms: 'agent:gateway:list',
        permsType: '1',
        roles: resellersAndAdmin,
      },
      {
        key: 'agentCustomerGateway',
        title: 'Choose customer gateways',
        perms: 'agent:customer:gateway',
        permsType: '1',
        roles: resellersAndAdmin,
      },
    ],
  },
  // API access (issue 11): a customer's API keys, callback URL and API IP whitelist; resellers for
  // their own company (and reading their customers'), staff for any.
  {
    key: 'apiAccess',
    title: 'API access',
    titleKey: 'menu.apiAccess',
    path: '/apiAccess',
    component: 'apiAccess/ApiAccess',
    icon: 'key',
    perms: 'api:access:view',
    roles: ['admin', 'distributor', 'agent', 'customer'],
    buttons: [
      { key: 'apiKeyManage', title: 'Manage API keys', perms: 'api:key:manage', permsType: '1' },
      { key: 'apiCallbackEdit', title: 'Edit callback URL', perms: 'api:callback:edit', permsType: '1' },
      {
        key: 'apiIpWhiteListEdit',
        title: 'Edit API IP whitelist',
        perms: 'api:ipWhiteList:edit',
        permsType: '1',
      },
    ],
  },
  // The customer HTTP API's documentation (issue 12): whoever may use the API reads it.
  {
    key: 'apiDocsCustomer',
    title: 'HTTP API docs',
    titleKey: 'menu.customerApiDocs',
    path: '/apiAccess/docs',
    component: 'apiDocs/CustomerApiDocs',
    icon: 'file-text',
    perms: 'api:docs:view',
    roles: ['admin', 'distributor', 'agent', 'customer'],
  },
  {
    key: 'system',
    title: 'System',
    titleKey: 'menu.system',
    path: '/system',
    component: 'layouts/RouteView',
    redirect: '/system/user',
    icon: 'setting',
    alwaysShow: true,
    roles: staff,
    children: [
      {
        key: 'systemUser',
        title: 'Users',
        titleKey: 'menu.systemUser',
        path: '/system/user',
        component: 'system/UserList',
        perms: 'system:user:list',
        icon: 'user',
        buttons: [
          { key: 'userFrozen', title: 'Freeze / thaw', perms: 'system:user:frozen', permsType: '1' },
          {
            key: 'userResetGoogle',
            title: 'Reset Google Authenticator',
            perms: 'system:user:resetGoogle',
            permsType: '1',
          },
          {
            key: 'userIpWhitelist',
            title: 'Login IP whitelist',
            perms: 'system:user:ipWhitelist',
            permsType: '2',
          },
          { key: 'userEdit', title: 'Edit', perms: 'system:user:edit', permsType: '2' },
        ],
      },
      {
        key: 'systemAnnouncement',
        title: 'Announcements',
        titleKey: 'menu.announcement',
        path: '/system/announcement',
        component: 'system/AnnouncementList',
        perms: 'system:announcement:list',
        icon: 'notification',
        buttons: [
          { key: 'announcementAdd', title: 'Add', perms: 'system:announcement:add', permsType: '1' },
          { key: 'announcementEdit', title: 'Edit', perms: 'system:announcement:edit', permsType: '1' },
          { key: 'announcementDelete', title: 'Delete', perms: 'system:announcement:delete', permsType: '1' },
          {
            key: 'announcementRelease',
            title: 'Publish',
            perms: 'system:announcement:release',
            permsType: '1',
          },
          { key: 'announcementRevoke', title: 'Revoke', perms: 'system:announcement:revoke', permsType: '1' },
        ],
      },
      {
        key: 'systemBrand',
        title: 'Brands',
        titleKey: 'menu.brand',
        path: '/system/brand',
        component: 'system/BrandList',
        perms: 'system:brand:list',
        icon: 'skin',
        buttons: [
          { key: 'brandAdd', title: 'Add', perms: 'system:brand:add', permsType: '1' },
          { key: 'brandEdit', title: 'Edit', perms: 'system:brand:edit', permsType: '1' },
          { key: 'brandDelete', title: 'Delete', perms: 'system:brand:delete', permsType: '1' },
        ],
      },
      {
        key: 'systemSmppAccount',
        title: 'SMPP accounts',
        titleKey: 'menu.smppAccount',
        path: '/system/smppAccount',
        component: 'system/SmppAccountList',
        perms: 'system:smppAccount:list',
        icon: 'key',
        buttons: [
          { key: 'smppAccountAdd', title: 'Add', perms: 'system:smppAccount:add', permsType: '1' },
          { key: 'smppAccountEdit', title: 'Edit', perms: 'system:smppAccount:edit', permsType: '1' },
          { key: 'smppAccountDelete', title: 'Delete', perms: 'system:smppAccount:delete', permsType: '1' },
          { key: 'smppAccountExport', title: 'Export', perms: 'system:smppAccount:export', permsType: '1' },
        ],
      },
      {
        key: 'systemContact',
        title: 'Support contacts',
        titleKey: 'menu.contact',
        path: '/system/contact',
        component: 'system/ContactList',
        perms: 'system:contact:list',
        icon: 'contacts',
        buttons: [
          { key: 'contactAdd', title: 'Add', perms: 'system:contact:add', permsType: '1' },
          { key: 'contactEdit', title: 'Edit', perms: 'system:contact:edit', permsType: '1' },
          { key: 'contactDelete', title: 'Delete', perms: 'system:contact:delete', permsType: '1' },
          { key: 'contactExport', title: 'Export', perms: 'system:contact:export', permsType: '1' },
          { key: 'contactImport', title: 'Import', perms: 'system:contact:import', permsType: '1' },
        ],
      },
      {
        key: 'systemLoginLog',
        title: 'Login log',
        titleKey: 'menu.loginLog',
        path: '/system/loginLog',
        component: 'system/LoginLog',
        perms: 'system:loginLog:list',
        icon: 'login',
      },
      {
        key: 'systemOperationLog',
        title: 'Operation log',
        titleKey: 'menu.operationLog',
        path: '/system/operationLog',
        component: 'system/OperationLog',
        perms: 'system:operationLog:list',
        icon: 'audit',
      },
      {
        key: 'systemApiDocs',
        title: 'API docs',
        titleKey: 'menu.apiDocs',
        path: '/system/apiDocs',
        component: 'system/ApiDocs',
        perms: 'system:apiDocs:view',
        icon: 'api',
      },
    ],
  },
  {
    key: 'test',
    title: 'Diagnostics',
    titleKey: 'menu.diagnostics',
    path: '/test',
    component: 'layouts/RouteView',
    redirect: '/test/home',
    icon: 'bug',
    hidden: true,
    roles: staff,
    children: [
      {
        key: 'testHome',
        title: 'Diagnostics',
        titleKey: 'menu.diagnostics',
        path: '/test/home',
        component: 'test/Home',
        perms: 'test:home:view',
      },
    ],
  },
  // --- rates (issue 11): rate groups, rates and gateway costs ---
  {
    key: 'rates',
    title: 'Rates',
    titleKey: 'menu.rates',
    path: '/rates',
    component: 'layouts/RouteView',
    redirect: '/rates/groups',
    icon: 'wallet',
    alwaysShow: true,
    roles: everyone,
    children: [
      {
        key: 'rateGroups',
        title: 'Rate groups',
        titleKey: 'menu.rateGroups',
        path: '/rates/groups',
        component: 'rates/RateGroupList',
        perms: 'rate:group:list',
        buttons: [
          {
            key: 'rateGroupAdd',
            title: 'Add',
            perms: 'rate:group:add',
            permsType: '1',
            roles: resellersAndAdmin,
          },
          {
            key: 'rateGroupEdit',
            title: 'Edit',
            perms: 'rate:group:edit',
            permsType: '1',
            roles: resellersAndAdmin,
          },
          {
            key: 'rateGroupDelete',
            title: 'Delete',
            perms: 'rate:group:delete',
            permsType: '1',
            roles: resellersAndAdmin,
          },
          {
            key: 'rateGroupCopy',
            title: 'Copy',
            perms: 'rate:group:copy',
            permsType: '1',
            roles: resellersAndAdmin,
          },
          {
            key: 'rateGroupAssign',
            title: 'Assign to a company',
            perms: 'rate:group:assign',
            permsType: '1',
            roles: resellersAndAdmin,
          },
        ],
      },
      {
        key: 'rateList',
        title: 'Rates',
        titleKey: 'menu.rateList',
        path: '/rates/list',
        component: 'rates/RateList',
        perms: 'rate:list',
        buttons: [
          { key: 'rateAdd', title: 'Add', perms: 'rate:add', permsType: '1', roles: resellersAndAdmin },
          { key: 'rateEdit', title: 'Edit', perms: 'rate:edit', permsType: '1', roles: resellersAndAdmin },
          {
            key: 'rateDelete',
            title: 'Delete',
            perms: 'rate:delete',
            permsType: '1',
            roles: resellersAndAdmin,
          },
          {
            key: 'rateBatchEdit',
            title: 'Batch edit',
            perms: 'rate:batchEdit',
            permsType: '1',
            roles: resellersAndAdmin,
          },
          {
            key: 'rateImport',
            title: 'Import',
            perms: 'rate:import',
            permsType: '1',
            roles: resellersAndAdmin,
          },
          { key: 'rateQuote', title: 'Quote', perms: 'rate:quote', permsType: '1' },
        ],
      },
      {
        key: 'gatewayCost',
        title: 'Gateway costs',
        titleKey: 'menu.gatewayCost',
        path: '/rates/gatewayCost',
        component: 'rates/GatewayCostList',
        perms: 'rate:gatewayCost:list',
        roles: ['admin', 'sales'],
        buttons: [
          {
            key: 'gatewayCostEdit',
            title: 'Edit',
            perms: 'rate:gatewayCost:edit',
            permsType: '1',
            roles: staff,
          },
        ],
      },
    ],
  },
  // --- SMS templates and sender ids (issue 12): a company's own, reviewed by staff or its reseller ---
  {
    key: 'smsTemplates',
    title: 'SMS templates',
    titleKey: 'menu.smsTemplates',
    path: '/sms/template',
    component: 'sms/TemplateList',
    icon: 'file-text',
    perms: 'sms:template:list',
    roles: everyone,
    buttons: [
      { key: 'smsTemplateAdd', title: 'Add', perms: 'sms:template:add', permsType: '1', roles: writers },
      {
        key: 'smsTemplateEdit',
        title: 'Edit',
        perms: 'sms:template:edit',
        permsType: '1',
        roles: writers,
      },
      {
        key: 'smsTemplateDelete',
        title: 'Delete',
        perms: 'sms:template:delete',
        permsType: '1',
        roles: ['admin', 'sales', ...companyRoles],
      },
      { key: 'smsTemplateExport', title: 'Export', perms: 'sms:template:export', permsType: '1' },
      {
        key: 'smsTemplateImport',
        title: 'Import',
        perms: 'sms:template:import',
        permsType: '1',
        roles: importers,
      },
      {
        key: 'smsTemplateReview',
        title: 'Review',
        perms: 'sms:template:review',
        permsType: '1',
        roles: reviewers,
      },
      {
        key: 'smsTemplatePolicy',
        title: 'Template policy',
        perms: 'sms:template:policy',
        permsType: '1',
        roles: ['admin', 'sales'],
      },
    ],
  },
  {
    key: 'smsSenders',
    title: 'Sender IDs',
    titleKey: 'menu.smsSenders',
    path: '/sms/sender',
    component: 'sms/SenderList',
    icon: 'idcard',
    perms: 'sms:sender:list',
    roles: everyone,
    buttons: [
      { key: 'smsSenderAdd', title: 'Add', perms: 'sms:sender:add', permsType: '1', roles: writers },
      { key: 'smsSenderEdit', title: 'Edit', perms: 'sms:sender:edit', permsType: '1', roles: writers },
      {
        key: 'smsSenderDelete',
        title: 'Delete',
        perms: 'sms:sender:delete',
        permsType: '1',
        roles: ['admin', 'sales', ...companyRoles],
      },
      { key: 'smsSenderExport', title: 'Export', perms: 'sms:sender:export', permsType: '1' },
      {
        key: 'smsSenderImport',
        title: 'Import',
        perms: 'sms:sender:import',
        permsType: '1',
        roles: importers,
      },
      {
        key: 'smsSenderReview',
        title: 'Review',
        perms: 'sms:sender:review',
        permsType: '1',
        roles: reviewers,
      },
    ],
  },
  // --- SMS routing (issue 12): routes, operators, gateway grants (staff) ---
  {
    key: 'routing',
    title: 'SMS routing',
    titleKey: 'menu.routing',
    path: '/routing',
    component: 'layouts/RouteView',
    redirect: '/sms/route',
    icon: 'branches',
    alwaysShow: true,
    roles: ['admin', 'sales'],
    children: [
      {
        key: 'smsRoutes',
        title: 'Routes',
        titleKey: 'menu.smsRoutes',
        path: '/sms/route',
        component: 'routing/RouteList',
        perms: 'route:list',
        buttons: [
          { key: 'routeEdit', title: 'Edit routes', perms: 'route:edit', permsType: '1', roles: staff },
          { key: 'routeTest', title: 'Test a number', perms: 'route:test', permsType: '1' },
        ],
      },
      {
        key: 'smsOperators',
        title: 'Operators',
        titleKey: 'menu.smsOperators',
        path: '/sys/smsOperator',
        component: 'routing/OperatorList',
        perms: 'operator:list',
        buttons: [
          {
            key: 'operatorEdit',
            title: 'Edit operators',
            perms: 'operator:edit',
            permsType: '1',
            roles: staff,
          },
        ],
      },
      {
        key: 'gatewayGrants',
        title: 'Gateway grants',
        titleKey: 'menu.gatewayGrants',
        path: '/sms/gateway/grant',
        component: 'routing/GatewayGrants',
        perms: 'gateway:grant:list',
        buttons: [
          {
            key: 'gatewayGrantEdit',
            title: 'Grant gateways',
            perms: 'gateway:grant:edit',
            permsType: '1',
            roles: staff,
          },
        ],
      },
    ],
  },
  // --- SMS (issue 12): gateways ---
  {
    key: 'sms',
    title: 'SMS',
    titleKey: 'menu.sms',
    path: '/sms',
    icon: 'message',
    redirect: '/sms/gateway',
    alwaysShow: true,
    roles: staff,
    children: [
      {
        key: 'smsGateway',
        title: 'Gateways',
        titleKey: 'menu.smsGateway',
        path: '/sms/gateway',
        component: 'sms/GatewayList',
        perms: 'sms:gateway:list',
        roles: staff,
        buttons: [
          { key: 'smsGatewayAdd', title: 'Add', perms: 'sms:gateway:add', permsType: '1' },
          { key: 'smsGatewayEdit', title: 'Edit', perms: 'sms:gateway:edit', permsType: '1' },
          { key: 'smsGatewayCopy', title: 'Copy', perms: 'sms:gateway:copy', permsType: '1' },
          { key: 'smsGatewayDelete', title: 'Delete', perms: 'sms:gateway:delete', permsType: '1' },
          { key: 'smsGatewayImport', title: 'Import', perms: 'sms:gateway:import', permsType: '1' },
          { key: 'smsGatewayExport', title: 'Export', perms: 'sms:gateway:export', permsType: '1' },
          {
            key: 'smsGatewayOptions',
            title: 'Gateway options',
            perms: 'sms:gateway:options',
            permsType: '1',
          },
        ],
      },
    ],
  },
];
