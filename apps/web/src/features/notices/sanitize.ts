import DOMPurify from 'dompurify';

/**
 * The inline styles announcements may carry: the same rule as the server's sanitiser
 * (apps/server/src/modules/announcement/service.ts), so what an administrator writes is what
 * readers see. Every other declaration is dropped.
 */
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: [/^#[0-9a-f]{3,6}$/i, /^rgb\([\d ,]+\)$/],
  'text-align': [/^(left|right|center)$/],
};

function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const name = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return ALLOWED_STYLES[name]?.some((rule) => rule.test(value)) ? `${name}: ${value}` : null;
    })
    .filter((d) => d !== null)
    .join('; ');
}

DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName !== 'style') return;
  const cleaned = cleanStyle(data.attrValue);
  if (cleaned) data.attrValue = cleaned;
  else data.keepAttr = false;
});

/**
 * Announcement HTML as the page may show it. The server sanitises what it stores; the browser
 * cleans it again so a bad row or a compromised writer can never run script here.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
