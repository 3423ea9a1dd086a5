/**
 * command_status values (SMPP 3.4 section 5.1.3, and the broadcast and service-type ones SMPP 5.0
 * added): each name's value and what it means. The one table of them: the gateway client names
 * what an SMSC answered with it, the customer SMPP server and the simulator answer with it.
 */
const TABLE = {
  ESME_ROK: [0x0000, 'No error'],
  ESME_RINVMSGLEN: [0x0001, 'Message length is invalid'],
  ESME_RINVCMDLEN: [0x0002, 'Command length is invalid'],
  ESME_RINVCMDID: [0x0003, 'Invalid command ID'],
  ESME_RINVBNDSTS: [0x0004, 'Incorrect bind status for the given command'],
  ESME_RALYBND: [0x0005, 'ESME already in bound state'],
  ESME_RINVPRTFLG: [0x0006, 'Invalid priority flag'],
  ESME_RINVREGDLVFLG: [0x0007, 'Invalid registered delivery flag'],
  ESME_RSYSERR: [0x0008, 'System error'],
  ESME_RINVSRCADR: [0x000a, 'Invalid source address'],
  ESME_RINVDSTADR: [0x000b, 'Invalid destination address'],
  ESME_RINVMSGID: [0x000c, 'Message ID is invalid'],
  ESME_RBINDFAIL: [0x000d, 'Bind failed'],
  ESME_RINVPASWD: [0x000e, 'Invalid password'],
  ESME_RINVSYSID: [0x000f, 'Invalid system ID'],
  ESME_RCANCELFAIL: [0x0011, 'cancel_sm failed'],
  ESME_RREPLACEFAIL: [0x0013, 'replace_sm failed'],
  ESME_RMSGQFUL: [0x0014, 'Message queue full'],
  ESME_RINVSERTYP: [0x0015, 'Invalid service type'],
  ESME_RINVNUMDESTS: [0x0033, 'Invalid number of destinations'],
  ESME_RINVDLNAME: [0x0034, 'Invalid distribution list name'],
  ESME_RINVDESTFLAG: [0x0040, 'Destination flag is invalid (submit_multi)'],
  ESME_RINVSUBREP: [0x0042, "Invalid 'submit with replace' request"],
  ESME_RINVESMCLASS: [0x0043, 'Invalid esm_class field data'],
  ESME_RCNTSUBDL: [0x0044, 'Cannot submit to a distribution list'],
  ESME_RSUBMITFAIL: [0x0045, 'submit_sm or submit_multi failed'],
  ESME_RINVSRCTON: [0x0048, 'Invalid source address TON'],
  ESME_RINVSRCNPI: [0x0049, 'Invalid source address NPI'],
  ESME_RINVDSTTON: [0x0050, 'Invalid destination address TON'],
  ESME_RINVDSTNPI: [0x0051, 'Invalid destination address NPI'],
  ESME_RINVSYSTYP: [0x0053, 'Invalid system_type field'],
  ESME_RINVREPFLAG: [0x0054, 'Invalid replace_if_present flag'],
  ESME_RINVNUMMSGS: [0x0055, 'Invalid number of messages'],
  ESME_RTHROTTLED: [0x0058, 'Throttling error (the ESME exceeded the allowed message limits)'],
  ESME_RINVSCHED: [0x0061, 'Invalid scheduled delivery time'],
  ESME_RINVEXPIRY: [0x0062, 'Invalid message validity period (expiry time)'],
  ESME_RINVDFTMSGID: [0x0063, 'Predefined message invalid or not found'],
  ESME_RX_T_APPN: [0x0064, 'ESME receiver temporary application error (send it again later)'],
  ESME_RX_P_APPN: [0x0065, 'ESME receiver permanent application error'],
  ESME_RX_R_APPN: [0x0066, 'ESME receiver reject message error'],
  ESME_RQUERYFAIL: [0x0067, 'query_sm failed'],
  ESME_RINVTLVSTREAM: [0x00c0, 'Error in the optional part of the PDU body'],
  ESME_RTLVNOTALLWD: [0x00c1, 'Optional parameter not allowed'],
  ESME_RINVTLVLEN: [0x00c2, 'Invalid parameter length'],
  ESME_RMISSINGTLV: [0x00c3, 'Expected optional parameter missing'],
  ESME_RINVTLVVAL: [0x00c4, 'Invalid optional parameter value'],
  ESME_RDELIVERYFAILURE: [0x00fe, 'Delivery failure (data_sm_resp)'],
  ESME_RUNKNOWNERR: [0x00ff, 'Unknown error'],
  ESME_RSERTYPUNAUTH: [0x0100, 'ESME not authorised to use the service type'],
  ESME_RPROHIBITED: [0x0101, 'ESME prohibited from using the operation'],
  ESME_RSERTYPUNAVAIL: [0x0102, 'Service type unavailable'],
  ESME_RSERTYPDENIED: [0x0103, 'Service type denied'],
  ESME_RINVDCS: [0x0104, 'Invalid data coding scheme'],
  ESME_RINVSRCADDRSUBUNIT: [0x0105, 'Source address subunit invalid'],
  ESME_RINVDSTADDRSUBUNIT: [0x0106, 'Destination address subunit invalid'],
  ESME_RINVBCASTFREQINT: [0x0107, 'Broadcast frequency interval invalid'],
  ESME_RINVBCASTALIAS_NAME: [0x0108, 'Broadcast alias name invalid'],
  ESME_RINVBCASTAREAFMT: [0x0109, 'Broadcast area format invalid'],
  ESME_RINVNUMBCAST_AREAS: [0x010a, 'Number of broadcast areas invalid'],
  ESME_RINVBCASTCNTTYPE: [0x010b, 'Broadcast content type invalid'],
  ESME_RINVBCASTMSGCLASS: [0x010c, 'Broadcast message class invalid'],
  ESME_RBCASTFAIL: [0x010d, 'broadcast_sm failed'],
  ESME_RBCASTQUERYFAIL: [0x010e, 'query_broadcast_sm failed'],
  ESME_RBCASTCANCELFAIL: [0x010f, 'cancel_broadcast_sm failed'],
  ESME_RINVBCAST_REP: [0x0110, 'Number of repeated broadcasts invalid'],
  ESME_RINVBCASTSRVGRP: [0x0111, 'Broadcast service group invalid'],
  ESME_RINVBCASTCHANIND: [0x0112, 'Broadcast channel indicator invalid'],
} as const satisfies Record<string, readonly [number, string]>;

export type CommandStatusName = keyof typeof TABLE;

/** Each command_status by name: `COMMAND_STATUS.ESME_RTHROTTLED` is 0x58. */
export const COMMAND_STATUS = Object.fromEntries(
  Object.entries(TABLE).map(([name, [value]]) => [name, value]),
) as { readonly [K in CommandStatusName]: (typeof TABLE)[K][0] };

const BY_VALUE = new Map<number, { name: CommandStatusName; meaning: string }>(
  Object.entries(TABLE).map(([name, [value, meaning]]) => [
    value,
    { name: name as CommandStatusName, meaning },
  ]),
);

/** `0x00000058`: how SMPP writes a command_status. */
export const statusHex = (status: number) => `0x${status.toString(16).padStart(8, '0')}`;

/** The name of a command_status (`ESME_RTHROTTLED`), or its hex when it has none. */
export function statusName(status: number): string {
  return BY_VALUE.get(status)?.name ?? statusHex(status);
}

/** What a command_status means (in English, as the specification says it); undefined when unknown. */
export function statusMeaning(status: number): string | undefined {
  return BY_VALUE.get(status)?.meaning;
}
