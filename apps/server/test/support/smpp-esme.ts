/// <reference path="../../../../packages/smpp/src/smpp.d.ts" />
/**
 * A customer's ESME against the platform's SMPP server (the npm smpp client), for the bind tests
 * and the hostile bind walk: connections from a chosen loopback address (127.0.0.0/8 is all
 * loopback on Linux), so that each test's refused binds are counted for an address of its own.
 */
import type { SmppAccountRecord } from '@switchboard/contracts';
import smpp, { type Pdu, type Session } from 'smpp';
import type { TestServer } from '../harness';
import { companyId, expectOk } from './api';

/**
 * A customer SMPP account added through the API by `token` (an administrator): of Direct Retail,
 * up to 8 binds at 1,000 per second unless `body` says otherwise; without a password in `body`
 * the server generates one. Returned with the password to bind with.
 */
export async function addSmppAccount(
  s: TestServer,
  token: string,
  body: Record<string, unknown> & { systemId: string },
): Promise<SmppAccountRecord & { password: string }> {
  const added = expectOk(
    await s.call<SmppAccountRecord>('POST', '/sys/smppAccount/add', {
      token,
      body: { companyId: companyId('Direct Retail Ltd'), tpsLimit: 1000, maxBinds: 8, ...body },
    }),
  );
  return { ...added, password: (body.password as string | undefined) ?? added.password! };
}

export const ESME_ROK = 0x00;
export const ESME_RINVBNDSTS = 0x04;
export const ESME_RBINDFAIL = 0x0d;
export const ESME_RINVPASWD = 0x0e;
export const ESME_RINVSYSID = 0x0f;

/** A loopback address of its own for each caller (127.1.x.y), so counts never meet. */
let nextAddress = 0;
export function freshLoopback(): string {
  nextAddress++;
  return `127.${1 + Math.floor(nextAddress / 65_025)}.${1 + (Math.floor(nextAddress / 255) % 255)}.${1 + (nextAddress % 254)}`;
}

export interface Esme {
  session: Session;
  /** Resolves when the connection has closed. */
  closed: Promise<void>;
  /** unbind requests the server sent (each answered). */
  unbinds: number;
  /** Resolves at the first unbind request from the server. */
  unbound: Promise<void>;
}

export async function connectEsme(port: number, localAddress: string): Promise<Esme> {
  const session = await new Promise<Session>((resolve, reject) => {
    const client = smpp.connect({ host: '127.0.0.1', port, localAddress } as never, () => resolve(client));
    client.on('error', reject);
  });
  session.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => {
    if (session.socket.destroyed) resolve();
    else session.socket.once('close', () => resolve());
  });
  let markUnbound!: () => void;
  const unbound = new Promise<void>((resolve) => {
    markUnbound = resolve;
  });
  const esme: Esme = { session, closed, unbinds: 0, unbound };
  session.on('unbind', (pdu: Pdu) => {
    esme.unbinds++;
    session.send(pdu.response());
    markUnbound();
  });
  return esme;
}

/** One request and its answer (or null when the connection closed first). */
export function ask(esme: Esme, command: string, fields: Record<string, unknown> = {}): Promise<Pdu | null> {
  return new Promise((resolve) => {
    if (!esme.session.send(new smpp.PDU(command, fields), resolve)) resolve(null);
    void esme.closed.then(() => resolve(null));
  });
}

export const bindEsme = (esme: Esme, systemId: string, password: string, mode = 'bind_transceiver') =>
  ask(esme, mode, { system_id: systemId, password });

/** Binds on a new connection from `address`; answers the status (null: closed unanswered). */
export async function bindOnce(
  port: number,
  address: string,
  systemId: string,
  password: string,
): Promise<number | null> {
  const esme = await connectEsme(port, address);
  try {
    return (await bindEsme(esme, systemId, password))?.command_status ?? null;
  } finally {
    esme.session.socket.destroy();
  }
}

/** Raw PDUs in one write (pipelined: the server reads them all from one buffer). */
export function pipeline(esme: Esme, pdus: { command: string; fields: Record<string, unknown> }[]): void {
  let sequence = 1_000;
  const buffers = pdus.map(({ command, fields }) =>
    new smpp.PDU(command, { sequence_number: ++sequence, ...fields }).toBuffer(),
  );
  esme.session.socket.write(Buffer.concat(buffers));
}

/** Every answer that arrives on the connection until it closes. */
export function answersUntilClosed(esme: Esme): Promise<Pdu[]> {
  const answers: Pdu[] = [];
  esme.session.on('pdu', (pdu: Pdu) => {
    if (pdu.isResponse()) answers.push(pdu);
  });
  return esme.closed.then(() => answers);
}
