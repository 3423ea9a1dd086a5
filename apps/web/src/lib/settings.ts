import { PRIMARY_COLOR } from '@switchboard/contracts';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/** Layout settings of the console (spec section 3, Settings), kept in local storage per browser. */
export const SETTINGS_STORAGE_KEY = 'switchboard.settings';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const settingsSchema = z.object({
  primaryColor: hexColor,
  navTheme: z.enum(['dark', 'light']),
  layout: z.enum(['sidemenu', 'topmenu']),
  contentWidth: z.enum(['Fixed', 'Fluid']),
  fixedHeader: z.boolean(),
  autoHideHeader: z.boolean(),
  fixSiderbar: z.boolean(),
  colorWeak: z.boolean(),
  multipage: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  primaryColor: PRIMARY_COLOR,
  navTheme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multipage: false,
};

/** Theme colour presets offered in the drawer (the first is the default). */
export const COLOR_PRESETS = [
  PRIMARY_COLOR,
  '#1677FF',
  '#722ED1',
  '#13C2C2',
  '#FA541C',
  '#F5222D',
  '#FAAD14',
];

/**
 * The rules between settings: Fluid width only with the top menu, hide-on-scroll only with a fixed
 * header, no fixed sidebar with the top menu. Applied on every change and on every read.
 */
export function constrain(settings: Settings): Settings {
  const next = { ...settings };
  if (next.layout !== 'topmenu') next.contentWidth = 'Fixed';
  if (!next.fixedHeader) next.autoHideHeader = false;
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  return next;
}

/** Stored settings, validated: unknown keys dropped, any bad value -> that value's default. */
export function parseSettings(raw: unknown): Settings {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_SETTINGS;
  const source = raw as Record<string, unknown>;
  const result = { ...DEFAULT_SETTINGS };
  const shape = settingsSchema.shape;
  for (const key of Object.keys(shape) as (keyof Settings)[]) {
    const parsed = shape[key].safeParse(source[key]);
    if (parsed.success) Object.assign(result, { [key]: parsed.data });
  }
  return constrain(result);
}

function readStored(): Settings {
  try {
    const text = localStorage.getItem(SETTINGS_STORAGE_KEY);
    return text === null ? DEFAULT_SETTINGS : parseSettings(JSON.parse(text));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

let current: Settings = typeof localStorage === 'undefined' ? DEFAULT_SETTINGS : readStored();
const listeners = new Set<() => void>();

function commit(next: Settings) {
  current = next;
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the settings last as long as the page.
  }
  for (const listener of listeners) listener();
}

export function getSettings(): Settings {
  return current;
}

export function updateSettings(patch: Partial<Settings>): void {
  commit(constrain(parseSettings({ ...current, ...patch })));
}

export function resetSettings(): void {
  try {
    localStorage.removeItem(SETTINGS_STORAGE_KEY);
  } catch {
    // Nothing to remove.
  }
  current = DEFAULT_SETTINGS;
  for (const listener of listeners) listener();
}

/** Re-reads storage (tests). */
export function reloadSettings(): void {
  current = readStored();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
