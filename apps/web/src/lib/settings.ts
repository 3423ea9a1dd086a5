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
 * header, no fixed sidebar with the top menu. They give the effective settings (what the layout
 * and the drawer show); the stored settings keep the user's own choices, so switching back to the
 * side menu (or turning the fixed header on again) restores what the user had chosen.
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
  return result;
}

function readStored(): Settings {
  try {
    const text = localStorage.getItem(SETTINGS_STORAGE_KEY);
    return text === null ? DEFAULT_SETTINGS : parseSettings(JSON.parse(text));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The user's choices as stored (not constrained). */
let current: Settings = typeof localStorage === 'undefined' ? DEFAULT_SETTINGS : readStored();
/** `constrain(current)`, computed once per change so readers get a stable object. */
let effective: Settings = constrain(current);
const listeners = new Set<() => void>();

function setCurrent(next: Settings) {
  current = next;
  effective = constrain(next);
}

function commit(next: Settings) {
  setCurrent(next);
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the settings last as long as the page.
  }
  for (const listener of listeners) listener();
}

/** The effective settings: the stored choices with the rules between them applied. */
export function getSettings(): Settings {
  return effective;
}

/** The user's choices as stored, before the rules between settings apply. */
export function getStoredSettings(): Settings {
  return current;
}

export function updateSettings(patch: Partial<Settings>): void {
  commit(parseSettings({ ...current, ...patch }));
}

export function resetSettings(): void {
  try {
    localStorage.removeItem(SETTINGS_STORAGE_KEY);
  } catch {
    // Nothing to remove.
  }
  setCurrent(DEFAULT_SETTINGS);
  for (const listener of listeners) listener();
}

/** Re-reads storage (tests). */
export function reloadSettings(): void {
  setCurrent(readStored());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The effective settings (see `constrain`). */
export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
