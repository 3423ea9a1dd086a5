import type { Config } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import type { ModuleWorker, Services } from '../../platform/module';
import { SmppServer } from './server';
import type { SmppServerService } from './service';

/**
 * The customer SMPP server as the module's worker of API processes (SMPP_PORT; off when not
 * set): listens at start, and on stop closes every bind (the service then has no listener).
 */
export class SmppServerWorker implements ModuleWorker {
  readonly role = 'api';
  private server: SmppServer | undefined;

  constructor(
    private readonly service: SmppServerService,
    private readonly services: Pick<Services, 'sms'>,
    private readonly log: Logger,
    private readonly settings: Config['smpp'],
  ) {}

  async start(): Promise<void> {
    const settings = this.settings;
    if (!settings || this.server) return;
    const server = new SmppServer(this.service, this.services, this.log, settings);
    try {
      await server.listen(settings.port, settings.host);
    } catch (error) {
      this.log.error({ err: error, port: settings.port }, 'the SMPP server could not listen; it is off');
      await server.close();
      return;
    }
    this.server = server;
    this.service.listenWith(server);
    this.log.info({ port: server.port }, 'SMPP server listening');
  }

  async stop(): Promise<void> {
    this.service.listenWith(undefined);
    await this.server?.close();
    this.server = undefined;
  }
}
