/**
 * What announcement HTML may contain: one policy, as data, for the server's sanitiser
 * (sanitize-html, options from `sanitizeHtmlOptions()`), the browser's (DOMPurify, configured from
 * `HTML_POLICY` in apps/web/src/features/announcement/sanitize.ts) and the announcement editor (which
 * produces nothing outside it). A change here changes all three.
 */
export interface HtmlPolicy {
  /** Elements kept; anything else is removed, its text kept (script and style text is not). */
  tags: readonly string[];
  /** Attributes kept, per element; every other attribute is removed. */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** URL schemes allowed in links (`href`, `src`); a URL without a scheme (relative) is kept. */
  schemes: readonly string[];
  /** Elements whose URLs allow other schemes than `schemes`. */
  schemesByTag: Readonly<Record<string, readonly string[]>>;
  /** Attributes every element of a kind gets, whatever it had (links: `rel`). */
  forcedAttributes: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Inline style declarations kept (in a `style` attribute the element may have): name -> allowed values. */
  styles: Readonly<Record<string, readonly RegExp[]>>;
}

/** sanitize-html's default elements (2.17), which the server kept before this policy was written down. */
const SANITIZE_HTML_DEFAULT_TAGS = [
  'address',
  'article',
  'aside',
  'footer',
  'header',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hgroup',
  'main',
  'nav',
  'section',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'hr',
  'li',
  'menu',
  'ol',
  'p',
  'pre',
  'ul',
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'caption',
  'col',
  'colgroup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
] as const;

/**
 * Announcement HTML keeps formatting, links and pictures; never scripts, event handlers,
 * `javascript:` URLs or styles beyond colour and alignment.
 */
export const HTML_POLICY: HtmlPolicy = {
  tags: [...new Set([...SANITIZE_HTML_DEFAULT_TAGS, 'img', 'span', 'h1', 'h2', 'u', 's'])],
  attributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['style'],
    p: ['style'],
  },
  schemes: ['http', 'https', 'mailto'],
  // Pasted pictures arrive inline; a data: URL in an <img> cannot run script. https only, as the
  // page's content security policy allows (no mixed content).
  schemesByTag: { img: ['https', 'data'] },
  forcedAttributes: { a: { rel: 'noopener noreferrer' } },
  styles: {
    color: [/^#[0-9a-f]{3,6}$/i, /^rgb\([\d ,]+\)$/],
    'text-align': [/^(left|right|center)$/],
  },
};

/** Attributes holding a URL, checked against the schemes. */
export const HTML_URL_ATTRIBUTES: readonly string[] = ['href', 'src'];

/** Whether `tag` may carry `attribute` under the policy. */
export function htmlAttributeAllowed(
  tag: string,
  attribute: string,
  policy: HtmlPolicy = HTML_POLICY,
): boolean {
  return policy.attributes[tag.toLowerCase()]?.includes(attribute.toLowerCase()) ?? false;
}

/**
 * Whether a URL may stay in `tag`'s `href`/`src`: no scheme (relative) or a protocol-relative
 * address is kept, otherwise its scheme must be allowed. The same reading as sanitize-html's: what
 * browsers ignore (control characters, spaces, comments) is ignored first.
 */
export function htmlUrlAllowed(tag: string, url: string, policy: HtmlPolicy = HTML_POLICY): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside a scheme
  let href = url.replace(/[\x00-\x20]+/g, '');
  for (;;) {
    const start = href.indexOf('<!--');
    if (start === -1) break;
    const end = href.indexOf('-->', start + 4);
    if (end === -1) break;
    href = href.slice(0, start) + href.slice(end + 3);
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  const allowed = policy.schemesByTag[tag.toLowerCase()] ?? policy.schemes;
  return allowed.includes(scheme);
}

/** Each declaration of an inline style, as the policy reads it: kept (`name: value`) or null. */
function styleDeclarations(style: string, policy: HtmlPolicy): (string | null)[] {
  return style
    .split(';')
    .filter((declaration) => declaration.trim() !== '')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const name = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return Object.hasOwn(policy.styles, name) && policy.styles[name]?.some((rule) => rule.test(value))
        ? `${name}: ${value}`
        : null;
    });
}

/**
 * The declarations of an inline style that the policy keeps, as `name: value; name: value`
 * ('' when none is left).
 */
export function htmlStyleAllowed(style: string, policy: HtmlPolicy = HTML_POLICY): string {
  return styleDeclarations(style, policy)
    .filter((declaration) => declaration !== null)
    .join('; ');
}

/** Whether the policy keeps every declaration of an inline style (then it may stay as written). */
export function htmlStyleFullyAllowed(style: string, policy: HtmlPolicy = HTML_POLICY): boolean {
  const declarations = styleDeclarations(style, policy);
  return declarations.length > 0 && declarations.every((declaration) => declaration !== null);
}

/** The parts of sanitize-html's options the policy sets (structurally sanitize-html's `IOptions`). */
export interface SanitizeHtmlPolicyOptions {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedSchemes: string[];
  allowedSchemesByTag: Record<string, string[]>;
  allowedStyles: Record<string, Record<string, RegExp[]>>;
  transformTags: Record<
    string,
    (tagName: string, attribs: Record<string, string>) => { tagName: string; attribs: Record<string, string> }
  >;
}

/**
 * sanitize-html options for the policy: `sanitizeHtml(html, sanitizeHtmlOptions())` on the server.
 * Plain data and functions, so the contracts need no sanitize-html of their own.
 */
export function sanitizeHtmlOptions(policy: HtmlPolicy = HTML_POLICY): SanitizeHtmlPolicyOptions {
  const copy = <T>(record: Readonly<Record<string, readonly T[]>>) =>
    Object.fromEntries(Object.entries(record).map(([key, list]) => [key, [...list]]));
  return {
    allowedTags: [...policy.tags],
    allowedAttributes: copy(policy.attributes),
    allowedSchemes: [...policy.schemes],
    allowedSchemesByTag: copy(policy.schemesByTag),
    // Styles are kept only where `style` is an allowed attribute; the declarations are the same for all.
    allowedStyles: { '*': copy(policy.styles) },
    // What sanitize-html's simpleTransform(tag, attributes) does: set them over what was there.
    transformTags: Object.fromEntries(
      Object.entries(policy.forcedAttributes).map(([tag, forced]) => [
        tag,
        (tagName: string, attribs: Record<string, string>) => ({
          tagName,
          attribs: { ...attribs, ...forced },
        }),
      ]),
    ),
  };
}
