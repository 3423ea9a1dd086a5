import type { Session } from 'smpp';
import type { SmppAccountRow } from './repo';

export type BindMode = 'transmitter' | 'receiver' | 'transceiver';

export const BIND_COMMANDS: Record<string, BindMode> = {
  bind_transmitter: 'transmitter',
  bind_receiver: 'receiver',
  bind_transceiver: 'transceiver',
};

/** One connection of a customer's ESME to the SMPP server, and its bind once bound. */
export interface Bind {
  id: number;
  session: Session;
  ip: string;
  account?: SmppAccountRow;
  mode?: BindMode;
  binding: boolean;
  closed: boolean;
  /** Unbound by us (the account or company may no longer send): nothing more is accepted. */
  ending: boolean;
  /** Binds refused on this connection so far. */
  failedBinds: number;
  /** Receipts written and not answered yet (smpp ids). */
  outstanding: Set<string>;
}

export const receives = (mode: BindMode | undefined) => mode === 'receiver' || mode === 'transceiver';
export const transmits = (mode: BindMode | undefined) => mode === 'transmitter' || mode === 'transceiver';
