import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

const origin = 'http://console.test';

describe('safeRedirect', () => {
  it('accepts same-origin paths with query and hash', () => {
    expect(safeRedirect('/home/Home?x=1#top', origin)).toBe('/home/Home?x=1#top');
  });

  it('rejects other origins and odd inputs', () => {
    for (const bad of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'home',
      '',
      null,
      '/user/login?x=1',
    ]) {
      expect(safeRedirect(bad, origin)).toBeNull();
    }
  });
});

describe('loginPathFor', () => {
  it('carries the full original path', () => {
    expect(loginPathFor({ pathname: '/home/Home', search: '?x=1', hash: '' })).toBe(
      '/user/login?redirect=%2Fhome%2FHome%3Fx%3D1',
    );
    expect(loginPathFor({ pathname: '/', search: '', hash: '' })).toBe('/user/login');
  });
});
