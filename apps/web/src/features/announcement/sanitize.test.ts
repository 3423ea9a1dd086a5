import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml (the shared policy of packages/contracts/src/html-policy.ts)', () => {
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

  it('keeps attributes per element only', () => {
    expect(
      sanitizeHtml(
        '<h1 style="text-align: center" class="x">T</h1><img src="https://a.example/p.png" title="t" alt="a" width="10" data-x="1">',
      ),
    ).toBe('<h1>T</h1><img src="https://a.example/p.png" alt="a" width="10">');
  });

  it('allows http, https and mailto links, always with rel=noopener noreferrer', () => {
    expect(
      sanitizeHtml(
        '<a href="https://a.example" target="_blank" rel="opener">a</a><a href="mailto:x@a.example">m</a><a href="/help">h</a>',
      ),
    ).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a><a href="mailto:x@a.example" rel="noopener noreferrer">m</a><a href="/help" rel="noopener noreferrer">h</a>',
    );
  });

  it('drops javascript: and data: links, and pictures over http', () => {
    expect(
      sanitizeHtml(
        '<a href="javascript:alert(1)">j</a><a href=" java\tscript:alert(1)">k</a><a href="data:text/html,x">d</a><img src="http://a.example/p.png">',
      ),
    ).toBe(
      '<a rel="noopener noreferrer">j</a><a rel="noopener noreferrer">k</a><a rel="noopener noreferrer">d</a><img>',
    );
  });

  it('keeps pictures over https and inline data: pictures', () => {
    const inline = '<img src="data:image/png;base64,iVBORw0KGgo=">';
    expect(sanitizeHtml(inline)).toBe(inline);
  });

  it('removes elements outside the policy, keeping their text (not a script’s)', () => {
    expect(
      sanitizeHtml(
        '<iframe src="https://a.example"></iframe><form><input value="x"><label>L</label></form><style>p{}</style><p>after</p>',
      ),
    ).toBe('L<p>after</p>');
  });
});
