import type { AppModule, Platform, ServiceName, Services } from './module';

/** The modules cannot be started: a service needed that no module provides, or a cycle of needs. */
export class ModuleGraphError extends Error {}

/**
 * The modules in an order where each comes after the modules whose services it needs, else in
 * the order given (reference data is seeded in this order). Refuses a service that two modules
 * provide, a need that no module provides and a cycle of needs, naming them.
 */
export function orderModules(modules: readonly AppModule[]): AppModule[] {
  const providerOf = new Map<ServiceName, AppModule>();
  for (const module of modules) {
    for (const service of module.provides) {
      const other = providerOf.get(service);
      if (other) {
        throw new ModuleGraphError(
          `service '${service}' is provided by both module '${other.name}' and module '${module.name}'`,
        );
      }
      providerOf.set(service, module);
    }
  }
  const needed = (module: AppModule): { service: ServiceName; by: AppModule }[] =>
    module.needs.map((service) => {
      const by = providerOf.get(service);
      if (!by) {
        throw new ModuleGraphError(
          `module '${module.name}' needs service '${service}', which no module provides`,
        );
      }
      return { service, by };
    });
  const ordered: AppModule[] = [];
  const done = new Set<AppModule>();
  // The modules being placed, each with the service through which the previous one needs it.
  const path: { module: AppModule; through?: ServiceName }[] = [];
  const place = (module: AppModule, through?: ServiceName) => {
    if (done.has(module)) return;
    const at = path.findIndex((step) => step.module === module);
    if (at >= 0) {
      const loop = [...path.slice(at), { module, through }];
      const named = loop.map((step, i) =>
        i === 0 ? step.module.name : `(${step.through}) ${step.module.name}`,
      );
      throw new ModuleGraphError(`modules need each other in a cycle: ${named.join(' -> ')}`);
    }
    path.push({ module, through });
    for (const { service, by } of needed(module)) if (by !== module) place(by, service);
    path.pop();
    done.add(module);
    ordered.push(module);
  };
  for (const module of modules) place(module);
  return ordered;
}

/**
 * What a module is handed of the registry: the services named, read from the registry when used
 * (a test's stand-in put there later is seen); any other service is not there.
 */
export function servicesView(registry: Services, names: readonly ServiceName[]): Services {
  const view = {};
  for (const name of new Set(names)) {
    Object.defineProperty(view, name, { enumerable: true, get: () => registry[name] });
  }
  return view as Services;
}

/**
 * Builds every module's services in dependency order (see orderModules) into one registry, each
 * module handed only the services it needs, and checks each builds exactly what it provides.
 * Answers the ordered modules and the registry.
 */
export function buildServices(
  modules: readonly AppModule[],
  platform: Platform,
): { modules: AppModule[]; services: Services } {
  const ordered = orderModules(modules);
  const services = {} as Services;
  for (const module of ordered) {
    const built: Partial<Services> = module.services?.(platform, servicesView(services, module.needs)) ?? {};
    const names = Object.keys(built) as ServiceName[];
    const missing = module.provides.filter((name) => !names.includes(name));
    const extra = names.filter((name) => !module.provides.includes(name));
    if (missing.length > 0 || extra.length > 0) {
      throw new ModuleGraphError(
        `module '${module.name}' must build what it provides: ${[
          ...missing.map((name) => `'${name}' not built`),
          ...extra.map((name) => `'${name}' not declared`),
        ].join(', ')}`,
      );
    }
    Object.assign(services, built);
  }
  return { modules: ordered, services };
}

/** The services a module's routes, workers, jobs and seed see: those it provides and needs. */
export const servicesOf = (module: AppModule, registry: Services): Services =>
  servicesView(registry, [...module.provides, ...module.needs]);
