import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import {
  HTML_POLICY,
  htmlAttributeAllowed,
  htmlStyleAllowed,
  htmlStyleFullyAllowed,
  htmlUrlAllowed,
  sanitizeHtmlOptions,
} from '../src/html-policy';

/** The server's options before the policy was written down (modules/announcement/service.ts). */
const SERVER_OPTIONS_BEFORE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'h1', 'h2', 'u', 's'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['style'],
    p: ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  allowedStyles: {
    '*': { color: [/^#[0-9a-f]{3,6}$/i, /^rgb\([\d ,]+\)$/], 'text-align': [/^(left|right|center)$/] },
  },
};

/** Announcement HTML of every kind the editor makes, and of every kind an attacker tries. */
const CASES = [
  '<h1>Title</h1><h2>Sub</h2><h3>Small</h3>',
  '<p style="text-align: center">Hi <span style="color: #f5222d">now</span></p>',
  '<p style="font-size: 40px; text-align: right; color: rgb(1, 2, 3)">a</p>',
  '<h1 style="text-align: center">centred heading</h1>',
  '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>',
  '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote><hr>',
  '<p><a href="https://example.com" target="_blank" rel="nofollow">link</a> <a href="mailto:a@b.c">mail</a></p>',
  '<p><a href="javascript:alert(1)">js</a><a href="JaVaScRiPt:alert(1)">js2</a><a href="java\nscript:alert(1)">js3</a></p>',
  '<p><a href="data:text/html,<script>alert(1)</script>">data</a><a href="/relative">rel</a></p>',
  '<img src="https://example.com/a.png" alt="a" width="10" height="20" title="t" class="c">',
  '<img src="http://example.com/a.png"><img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="x" onerror="alert(1)"><p onclick="x()">a</p><script>alert(1)</script><style>p{}</style>',
  '<div><table><tbody><tr><td>cell</td></tr></tbody></table></div>',
  '<iframe src="https://example.com"></iframe><form><input value="x"></form><p>after</p>',
  '<span style="color: red; background: url(javascript:x)">named colour</span>',
];

describe('sanitizeHtmlOptions()', () => {
  it('keeps exactly what the server kept before (sanitize-html defaults + img, span, h1, h2, u, s)', () => {
    for (const html of CASES) {
      expect(sanitizeHtml(html, sanitizeHtmlOptions()), html).toBe(sanitizeHtml(html, SERVER_OPTIONS_BEFORE));
    }
  });

  it('lists sanitize-html’s own default elements, so nothing was lost in writing them down', () => {
    for (const tag of sanitizeHtml.defaults.allowedTags) expect(HTML_POLICY.tags).toContain(tag);
    expect(HTML_POLICY.tags).toContain('img');
  });

  it('removes scripts, handlers, javascript: and data: links, http pictures and other styles', () => {
    const clean = (html: string) => sanitizeHtml(html, sanitizeHtmlOptions());
    expect(clean(CASES[7] ?? '')).toBe(
      '<p><a rel="noopener noreferrer">js</a><a rel="noopener noreferrer">js2</a><a rel="noopener noreferrer">js3</a></p>',
    );
    expect(clean(CASES[10] ?? '')).toBe('<img /><img src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(clean(CASES[11] ?? '')).toBe('<img src="x" /><p>a</p>');
    expect(clean(CASES[2] ?? '')).toBe('<p style="text-align:right;color:rgb(1, 2, 3)">a</p>');
  });

  it('keeps what the announcement editor writes (styles as browsers write them)', () => {
    const written =
      '<p style="text-align: center;">c</p><p><span style="color: rgb(245, 34, 45);">r</span> <a target="_blank" rel="noopener noreferrer" href="https://example.com">l</a></p>';
    expect(sanitizeHtml(written, sanitizeHtmlOptions())).toBe(
      '<p style="text-align:center">c</p><p><span style="color:rgb(245, 34, 45)">r</span> <a target="_blank" rel="noopener noreferrer" href="https://example.com">l</a></p>',
    );
  });
});

describe('policy helpers (used by the browser sanitiser)', () => {
  it('allows attributes per element', () => {
    expect(htmlAttributeAllowed('a', 'href')).toBe(true);
    expect(htmlAttributeAllowed('A', 'HREF')).toBe(true);
    expect(htmlAttributeAllowed('img', 'title')).toBe(false);
    expect(htmlAttributeAllowed('h1', 'style')).toBe(false);
    expect(htmlAttributeAllowed('p', 'onclick')).toBe(false);
  });

  it('reads URLs as sanitize-html does', () => {
    expect(htmlUrlAllowed('a', 'https://example.com')).toBe(true);
    expect(htmlUrlAllowed('a', 'mailto:a@b.c')).toBe(true);
    expect(htmlUrlAllowed('a', '/relative')).toBe(true);
    expect(htmlUrlAllowed('a', '//example.com/x')).toBe(true);
    expect(htmlUrlAllowed('a', 'javascript:alert(1)')).toBe(false);
    expect(htmlUrlAllowed('a', ' java\tscript:alert(1)')).toBe(false);
    expect(htmlUrlAllowed('a', 'java<!-- x -->script:alert(1)')).toBe(false);
    expect(htmlUrlAllowed('a', 'data:text/html,x')).toBe(false);
    expect(htmlUrlAllowed('img', 'data:image/png;base64,AAAA')).toBe(true);
    expect(htmlUrlAllowed('img', 'https://example.com/a.png')).toBe(true);
    expect(htmlUrlAllowed('img', 'http://example.com/a.png')).toBe(false);
  });

  it('keeps colour and alignment declarations only', () => {
    expect(htmlStyleAllowed('color: #f5222d')).toBe('color: #f5222d');
    expect(htmlStyleAllowed('font-size: 40px; text-align: right; color: rgb(1, 2, 3)')).toBe(
      'text-align: right; color: rgb(1, 2, 3)',
    );
    expect(htmlStyleAllowed('color: red; position: fixed')).toBe('');
    expect(htmlStyleAllowed('constructor: x; __proto__: y')).toBe('');
  });

  it('tells a style kept whole (as a browser writes it) from one that loses declarations', () => {
    expect(htmlStyleFullyAllowed('color: rgb(245, 34, 45);')).toBe(true);
    expect(htmlStyleFullyAllowed('text-align: center; color: #fff')).toBe(true);
    expect(htmlStyleFullyAllowed('color: #fff; position: fixed')).toBe(false);
    expect(htmlStyleFullyAllowed('color: #fff/* ; */')).toBe(false);
    expect(htmlStyleFullyAllowed(' ; ')).toBe(false);
  });
});
