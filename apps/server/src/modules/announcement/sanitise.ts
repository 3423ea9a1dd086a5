import { sanitizeHtmlOptions } from '@switchboard/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * Announcement HTML keeps formatting, links and images; never scripts, handlers or javascript:
 * URLs. The policy is the contracts' (html-policy.ts): the browser's sanitiser and the editor
 * follow the same one.
 */
export function sanitiseContent(html: string): string {
  return sanitizeHtml(html, sanitizeHtmlOptions());
}

/** Text for places that may treat it as HTML (socket messages read by other clients). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
