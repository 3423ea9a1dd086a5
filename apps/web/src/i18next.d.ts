import type account from './locales/en-US/account.json';
import type agent from './locales/en-US/agent.json';
import type apiAccess from './locales/en-US/apiAccess.json';
import type apiDocs from './locales/en-US/apiDocs.json';
import type auth from './locales/en-US/auth.json';
import type billing from './locales/en-US/billing.json';
import type branding from './locales/en-US/branding.json';
import type common from './locales/en-US/common.json';
import type contact from './locales/en-US/contact.json';
import type country from './locales/en-US/country.json';
import type dict from './locales/en-US/dict.json';
import type gateway from './locales/en-US/gateway.json';
import type home from './locales/en-US/home.json';
import type jobs from './locales/en-US/jobs.json';
import type layout from './locales/en-US/layout.json';
import type ledger from './locales/en-US/ledger.json';
import type legal from './locales/en-US/legal.json';
import type menu from './locales/en-US/menu.json';
import type menuAdmin from './locales/en-US/menuAdmin.json';
import type monitor from './locales/en-US/monitor.json';
import type notices from './locales/en-US/notices.json';
import type rates from './locales/en-US/rates.json';
import type register from './locales/en-US/register.json';
import type routing from './locales/en-US/routing.json';
import type smppAccount from './locales/en-US/smppAccount.json';
import type sms from './locales/en-US/sms.json';
import type smsStats from './locales/en-US/smsStats.json';
import type smsTemplate from './locales/en-US/smsTemplate.json';
import type smsTest from './locales/en-US/smsTest.json';
import type system from './locales/en-US/system.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      account: typeof account;
      home: typeof home;
      notices: typeof notices;
      contact: typeof contact;
      ledger: typeof ledger;
      legal: typeof legal;
      register: typeof register;
      menu: typeof menu;
      layout: typeof layout;
      system: typeof system;
      branding: typeof branding;
      apiDocs: typeof apiDocs;
      billing: typeof billing;
      apiAccess: typeof apiAccess;
      rates: typeof rates;
      routing: typeof routing;
      agent: typeof agent;
      smsTemplate: typeof smsTemplate;
      sms: typeof sms;
      gateway: typeof gateway;
      smppAccount: typeof smppAccount;
      smsStats: typeof smsStats;
      smsTest: typeof smsTest;
      monitor: typeof monitor;
      dict: typeof dict;
      menuAdmin: typeof menuAdmin;
      country: typeof country;
      jobs: typeof jobs;
    };
  }
}
