import type { AppModule } from '../platform/module';
import { announcementModule } from './announcement';
import { apiAccessModule } from './api-access';
import { authModule } from './auth';
import { brandModule } from './brand';
import { callCentreModule } from './call-centre';
import { callTaskModule } from './call-task';
import { callerModule } from './caller';
import { companiesModule } from './company';
import { companyModule } from './company-admin';
import { contactModule } from './contact';
import { countryModule } from './country';
import { departModule } from './depart';
import { dictModule } from './dict';
import { duplicateModule } from './duplicate';
import { gatewayModule } from './gateway';
import { ivrModule } from './ivr';
import { ledgerModule } from './ledger';
import { logsModule } from './logs';
import { monitorModule } from './monitor';
import { paymentsModule } from './payments';
import { permissionModule } from './permission';
import { rateModule } from './rate';
import { registrationModule } from './registration';
import { roleModule } from './role';
import { routingModule } from './routing';
import { scheduledJobModule } from './scheduled-job';
import { settingsModule } from './settings';
import { smppServerModule } from './smpp-server';
import { smsModule } from './sms';
import { smsApiModule } from './sms-api';
import { smsStatsModule } from './sms-stats';
import { smsTemplateModule } from './sms-template';
import { smsTestModule } from './sms-test';
import { systemModule } from './system';
import { trunkModule } from './trunk';
import { userModule } from './user';
import { voiceEngineModule } from './voice-engine';
import { voiceToolsModule } from './voice-tools';

/**
 * Every business domain of the server. The core builds them in the order of the services each
 * needs (see platform/module-graph), else in this order, and seeds their reference data in it.
 * A new domain is a folder here and a line in this list.
 */
export function appModules(): AppModule[] {
  return [
    systemModule,
    settingsModule,
    countryModule,
    dictModule,
    companiesModule,
    userModule,
    permissionModule,
    roleModule,
    departModule,
    logsModule,
    authModule(),
    registrationModule,
    duplicateModule,
    announcementModule,
    brandModule,
    contactModule,
    companyModule,
    ledgerModule,
    paymentsModule,
    apiAccessModule,
    rateModule,
    gatewayModule,
    routingModule,
    smsTemplateModule,
    smsModule,
    callTaskModule,
    smsStatsModule,
    smsApiModule,
    smppServerModule,
    smsTestModule,
    monitorModule,
    callerModule,
    trunkModule,
    scheduledJobModule,
    ivrModule,
    voiceEngineModule,
    voiceToolsModule,
    callCentreModule,
  ];
}
