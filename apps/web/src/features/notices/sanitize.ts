import DOMPurify from 'dompurify';

/**
 * Announcement HTML as the page may show it. The server sanitises what it stores; the browser
 * cleans it again so a bad row or a compromised writer can never run script here.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
