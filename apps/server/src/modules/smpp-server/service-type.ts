import type { SmsKind } from '@switchboard/contracts';

/**
 * The SMS kind a submit_sm asks for through its service_type (SMPP 3.4 section 5.2.11, at most 5
 * characters), case-insensitive: MKT marketing, NTF notification, OTP, OTPP premium OTP. Anything
 * else, including empty and the standard values (CMT, CPT, VMN, VMA, WAP, USSD) that many clients
 * send out of habit, leaves the account's own kind.
 */
const KIND_OF_SERVICE_TYPE: Record<string, SmsKind> = {
  MKT: 'marketing',
  NTF: 'notification',
  OTP: 'otp',
  OTPP: 'premium_otp',
};

export function kindOfServiceType(serviceType: unknown, accountKind: SmsKind): SmsKind {
  if (typeof serviceType !== 'string') return accountKind;
  return KIND_OF_SERVICE_TYPE[serviceType.trim().toUpperCase()] ?? accountKind;
}
