import { afterEach, describe, expect, it } from 'vitest';
import {
  constrain,
  DEFAULT_SETTINGS,
  getSettings,
  getStoredSettings,
  parseSettings,
  reloadSettings,
  resetSettings,
  SETTINGS_STORAGE_KEY,
  updateSettings,
} from './settings';

afterEach(() => resetSettings());

describe('settings', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      primaryColor: '#24936E',
      navTheme: 'dark',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: true,
      autoHideHeader: false,
      fixSiderbar: true,
      colorWeak: false,
      multipage: false,
    });
  });

  it('replaces bad stored values with defaults, keeps good ones', () => {
    expect(parseSettings('nonsense')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    const parsed = parseSettings({ navTheme: 'purple', primaryColor: 'red', multipage: true, evil: 1 });
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, multipage: true });
  });

  it('applies the rules between settings', () => {
    expect(constrain({ ...DEFAULT_SETTINGS, contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    expect(constrain({ ...DEFAULT_SETTINGS, layout: 'topmenu', contentWidth: 'Fluid' }).contentWidth).toBe(
      'Fluid',
    );
    expect(constrain({ ...DEFAULT_SETTINGS, fixedHeader: false, autoHideHeader: true }).autoHideHeader).toBe(
      false,
    );
    expect(constrain({ ...DEFAULT_SETTINGS, layout: 'topmenu' }).fixSiderbar).toBe(false);
  });

  it("keeps the user's own choices behind the rules: back to the side menu restores them", () => {
    updateSettings({ fixSiderbar: true, layout: 'topmenu' });
    updateSettings({ contentWidth: 'Fluid' });
    // Effective: no fixed sidebar with the top menu; the stored choice is still "fixed".
    expect(getSettings()).toMatchObject({ layout: 'topmenu', fixSiderbar: false, contentWidth: 'Fluid' });
    expect(getStoredSettings()).toMatchObject({ fixSiderbar: true, contentWidth: 'Fluid' });
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({
      fixSiderbar: true,
      contentWidth: 'Fluid',
    });

    updateSettings({ layout: 'sidemenu' });
    expect(getSettings()).toMatchObject({ fixSiderbar: true, contentWidth: 'Fixed' });
    updateSettings({ layout: 'topmenu' });
    expect(getSettings()).toMatchObject({ fixSiderbar: false, contentWidth: 'Fluid' });

    // Same for hide-on-scroll, which needs a fixed header.
    updateSettings({ autoHideHeader: true });
    updateSettings({ fixedHeader: false });
    expect(getSettings().autoHideHeader).toBe(false);
    updateSettings({ fixedHeader: true });
    expect(getSettings().autoHideHeader).toBe(true);

    // And across a reload of what is stored.
    updateSettings({ layout: 'sidemenu' });
    reloadSettings();
    expect(getSettings()).toMatchObject({ layout: 'sidemenu', fixSiderbar: true, contentWidth: 'Fixed' });
    expect(getStoredSettings().contentWidth).toBe('Fluid');
  });

  it('persists changes and reads them back validated; reset restores defaults', () => {
    updateSettings({ navTheme: 'light', multipage: true });
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}').navTheme).toBe('light');
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ navTheme: 'light', layout: 42 }));
    reloadSettings();
    expect(getSettings()).toEqual({ ...DEFAULT_SETTINGS, navTheme: 'light' });
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    reloadSettings();
    expect(getSettings()).toEqual(DEFAULT_SETTINGS);
    updateSettings({ colorWeak: true });
    resetSettings();
    expect(getSettings()).toEqual(DEFAULT_SETTINGS);
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
  });
});
