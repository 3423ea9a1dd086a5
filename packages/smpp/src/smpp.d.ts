/**
 * The part of npm `smpp` 0.5.1 (which ships no types) that the SMPP package, the server, the
 * simulator and their tests use.
 * PDU fields are the library's snake_case names; a decoded short_message / message_payload is
 * `{ message, udh? }` (message a string for the encodings it knows, a Buffer otherwise).
 */
declare module 'smpp' {
  import { EventEmitter } from 'node:events';
  import { Server as NetServer, type Socket } from 'node:net';

  namespace smpp {
    export interface DecodedMessage {
      message: string | Buffer;
      /** The header's information elements, each `[iei, length, ...data]`. */
      udh?: Buffer[];
    }

    /** What a PDU is sent with: `short_message` may be a string, a Buffer or `{ message, udh }`. */
    export type PduOptions = Record<string, unknown>;

    export interface Pdu {
      command: string;
      command_id: number;
      command_status: number;
      sequence_number: number;
      command_length: number;
      system_id?: string;
      password?: string;
      system_type?: string;
      interface_version?: number;
      service_type?: string;
      source_addr_ton?: number;
      source_addr_npi?: number;
      source_addr?: string;
      dest_addr_ton?: number;
      dest_addr_npi?: number;
      destination_addr?: string;
      esm_class?: number;
      protocol_id?: number;
      priority_flag?: number;
      registered_delivery?: number;
      data_coding?: number | null;
      short_message?: DecodedMessage | Buffer | string;
      message_payload?: DecodedMessage | Buffer | string;
      message_id?: string;
      receipted_message_id?: string;
      message_state?: number;
      final_date?: string | Date;
      error_code?: number;
      sar_msg_ref_num?: number;
      sar_total_segments?: number;
      sar_segment_seqnum?: number;
      isResponse(): boolean;
      response(options?: PduOptions): Pdu;
      toBuffer(): Buffer;
    }

    export const PDU: {
      new (command: string, options?: PduOptions): Pdu;
      /** Reads a whole PDU's bytes (false when they are not one). */
      fromBuffer(buffer: Buffer): Pdu | false;
      maxLength: number;
    };

    export type ResponseCallback = (pdu: Pdu) => void;
    export type Shortcut = (
      options?: PduOptions | ResponseCallback,
      responseCallback?: ResponseCallback,
      sendCallback?: ResponseCallback,
    ) => boolean;

    export class Session extends EventEmitter {
      constructor(options: { socket: Socket } | Record<string, unknown>);
      socket: Socket;
      server?: Server;
      send(pdu: Pdu, responseCallback?: ResponseCallback, sendCallback?: ResponseCallback): boolean;
      close(callback?: () => void): void;
      destroy(callback?: () => void): void;
      pause(): void;
      resume(): void;
      bind_transceiver: Shortcut;
      bind_transmitter: Shortcut;
      bind_receiver: Shortcut;
      submit_sm: Shortcut;
      deliver_sm: Shortcut;
      query_sm: Shortcut;
      enquire_link: Shortcut;
      unbind: Shortcut;
      generic_nack: Shortcut;
    }

    export class Server extends NetServer {
      sessions: Session[];
    }

    export function createServer(
      options: Record<string, unknown>,
      listener?: (session: Session) => void,
    ): Server;
    export function createServer(listener?: (session: Session) => void): Server;
    export function connect(
      options: { host?: string; port?: number; url?: string },
      listener?: () => void,
    ): Session;

    export const commands: Record<string, { id: number; command: string }>;
    export const errors: Record<string, number>;
    export const consts: {
      ESM_CLASS: Record<string, number>;
      MESSAGE_STATE: Record<string, number>;
      ENCODING: Record<string, number>;
      REGISTERED_DELIVERY: Record<string, number>;
    };
  }

  export = smpp;
}
