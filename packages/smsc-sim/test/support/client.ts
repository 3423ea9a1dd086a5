import smpp, { type Pdu, type PduOptions, type Session } from 'smpp';

export type Mode = 'transceiver' | 'transmitter' | 'receiver';

/**
 * A test ESME over the same npm `smpp` library: promises for requests, and the deliver_sm it
 * received (answered with deliver_sm_resp unless `autoAck` is off), waited for by count.
 */
export class TestClient {
  readonly deliveries: Pdu[] = [];
  readonly closed: Promise<void>;
  isClosed = false;
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(
    readonly session: Session,
    private readonly autoAck: boolean,
  ) {
    session.socket.setNoDelay(true);
    // A dropped connection is an expected event here; without a listener it would throw.
    session.on('error', () => {});
    this.closed = new Promise((resolve) =>
      session.on('close', () => {
        this.isClosed = true;
        resolve();
      }),
    );
    session.on('deliver_sm', (pdu: Pdu) => {
      if (this.autoAck) session.send(pdu.response());
      this.deliveries.push(pdu);
      this.waiters = this.waiters.filter((w) => {
        if (this.deliveries.length < w.count) return true;
        w.resolve();
        return false;
      });
    });
  }

  static connect(port: number, options: { autoAck?: boolean } = {}): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const session = smpp.connect({ host: '127.0.0.1', port });
      const client = new TestClient(session, options.autoAck ?? true);
      session.socket.once('error', reject);
      session.once('connect', () => {
        session.socket.off('error', reject);
        resolve(client);
      });
    });
  }

  /** Connects and binds; throws unless the bind succeeds. */
  static async bound(port: number, mode: Mode, systemId = 'test', password = 'secret', autoAck = true) {
    const client = await TestClient.connect(port, { autoAck });
    const resp = await client.bind(mode, systemId, password);
    if (resp.command_status !== 0) throw new Error(`bind failed with status ${resp.command_status}`);
    return client;
  }

  /** Sends a request and resolves with its response, whatever its status. */
  request(command: string, options: PduOptions = {}): Promise<Pdu> {
    return new Promise((resolve, reject) => {
      const sent = this.session.send(new smpp.PDU(command, options), resolve);
      if (!sent) reject(new Error(`${command} not sent: the socket is closed`));
    });
  }

  bind(mode: Mode, systemId: string, password: string): Promise<Pdu> {
    return this.request(`bind_${mode}`, { system_id: systemId, password });
  }

  submit(options: PduOptions): Promise<Pdu> {
    return this.request('submit_sm', { source_addr: 'Switchboard', registered_delivery: 1, ...options });
  }

  /** Resolves once `count` deliver_sm have arrived in all (not only new ones). */
  waitForDeliveries(count: number): Promise<Pdu[]> {
    if (this.deliveries.length >= count) return Promise.resolve(this.deliveries);
    return new Promise((resolve) => this.waiters.push({ count, resolve: () => resolve(this.deliveries) }));
  }

  /** The receipt text of a deliver_sm. */
  static receiptText(pdu: Pdu): string {
    const body = pdu.short_message;
    if (typeof body === 'string') return body;
    if (Buffer.isBuffer(body)) return body.toString('ascii');
    return typeof body?.message === 'string' ? body.message : (body?.message.toString('ascii') ?? '');
  }

  destroy(): Promise<void> {
    this.session.socket.destroy();
    return this.closed;
  }
}
