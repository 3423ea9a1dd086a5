import { describe, expect, it } from 'vitest';
import { appModules } from '../src/modules';
import type { AppModule, Platform, ServiceName, Services } from '../src/platform/module';
import { buildServices, ModuleGraphError, orderModules, servicesOf } from '../src/platform/module-graph';

/** A module that provides and needs services by name; its service is a note of what it was handed. */
function module(name: string, provides: string[], needs: string[] = []): AppModule {
  return {
    name,
    provides: provides as ServiceName[],
    needs: needs as ServiceName[],
    services: (_platform, services) =>
      Object.fromEntries(provides.map((p) => [p, { by: name, handed: Object.keys(services) }])),
  };
}

const platform = {} as Platform;
const names = (modules: AppModule[]) => modules.map((m) => m.name);

describe('the module graph', () => {
  it('orders modules after those whose services they need, else as listed', () => {
    const ordered = orderModules([
      module('sms', ['sms'], ['ledger', 'companies']),
      module('settings', ['settings']),
      module('ledger', ['ledger'], ['companies']),
      module('companies', ['companies']),
    ]);
    expect(names(ordered)).toEqual(['companies', 'ledger', 'sms', 'settings']);
  });

  it('refuses to start on a cycle of needs and names it', () => {
    const modules = [
      module('companies', ['companies'], ['ledger']),
      module('ledger', ['ledger'], ['users']),
      module('users', ['users'], ['companies']),
    ];
    expect(() => orderModules(modules)).toThrow(ModuleGraphError);
    expect(() => orderModules(modules)).toThrow(
      'modules need each other in a cycle: companies -> (ledger) ledger -> (users) users -> (companies) companies',
    );
    expect(() => buildServices(modules, platform)).toThrow(ModuleGraphError);
  });

  it('refuses to start on a need that no module provides, and on a service provided twice', () => {
    expect(() => orderModules([module('sms', ['sms'], ['routing'])])).toThrow(
      "module 'sms' needs service 'routing', which no module provides",
    );
    expect(() => orderModules([module('a', ['sms']), module('b', ['sms'])])).toThrow(
      "service 'sms' is provided by both module 'a' and module 'b'",
    );
  });

  it('hands each module only the services it needs, and checks it builds what it provides', () => {
    const { services } = buildServices(
      [
        module('ledger', ['ledger'], ['companies']),
        module('companies', ['companies']),
        module('users', ['users']),
      ],
      platform,
    );
    expect((services.ledger as unknown as { handed: string[] }).handed).toEqual(['companies']);
    expect((services.companies as unknown as { handed: string[] }).handed).toEqual([]);
    const ledger = module('ledger', ['ledger'], ['companies']);
    expect(Object.keys(servicesOf(ledger, services))).toEqual(['ledger', 'companies']);
    expect(() => buildServices([{ ...module('a', ['sms']), services: () => ({}) }], platform)).toThrow(
      "module 'a' must build what it provides: 'sms' not built",
    );
  });

  it('a service handed on is read from the registry when used (a stand-in put there later is seen)', () => {
    const registry = { sms: 'first' } as unknown as Services;
    const view = servicesOf(module('x', [], ['sms']), registry);
    (registry as unknown as Record<string, string>).sms = 'second';
    expect(view.sms).toBe('second');
  });

  it("the server's modules form no cycle, each after those it needs", () => {
    const ordered = orderModules(appModules());
    const position = new Map(ordered.map((m, i) => [m.name, i]));
    for (const m of ordered) {
      for (const need of m.needs) {
        const provider = ordered.find((p) => p.provides.includes(need))!;
        expect(position.get(provider.name)!, `${m.name} needs ${need}`).toBeLessThan(position.get(m.name)!);
      }
    }
  });
});
