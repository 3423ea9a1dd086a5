import { stableId } from '../../platform/stable-id';

/** The demo customer's caller IDs and its round-robin group (the demo task calls from them). */
export const DEMO_CALLERS = {
  companyId: stableId('company:Direct Retail Ltd'),
  groupId: stableId('callerGroup:demo'),
  groupName: 'demo-callers',
  callers: [
    { id: stableId('caller:4420700000001'), number: '4420700000001', countryCode: 'GB' },
    { id: stableId('caller:4420700000002'), number: '4420700000002', countryCode: 'GB' },
    { id: stableId('caller:12025550101'), number: '12025550101', countryCode: 'US' },
  ],
};
