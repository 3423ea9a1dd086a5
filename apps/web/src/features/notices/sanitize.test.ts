import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps the formatting the server keeps: colour and alignment', () => {
    expect(sanitizeHtml('<p style="text-align: center">Hi <span style="color: #f5222d">now</span></p>')).toBe(
      '<p style="text-align: center">Hi <span style="color: #f5222d">now</span></p>',
    );
  });

  it('drops every other style and scripts', () => {
    const out = sanitizeHtml(
      '<p style="position: fixed; color: red; background: url(javascript:x)" onclick="x()">a</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    );
    expect(out).toBe('<p>a</p><img src="x">');
  });

  it('keeps the allowed declarations of a mixed style', () => {
    expect(sanitizeHtml('<p style="font-size: 40px; text-align: right; color: rgb(1, 2, 3)">a</p>')).toBe(
      '<p style="text-align: right; color: rgb(1, 2, 3)">a</p>',
    );
  });
});
