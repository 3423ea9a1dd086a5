import sanitizeHtml from 'sanitize-html';

/** Announcement HTML keeps formatting, links and images; never scripts, handlers or javascript: URLs. */
export function sanitiseContent(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'h1', 'h2', 'u', 's'],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      span: ['style'],
      p: ['style'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    // Pasted pictures arrive inline; a data: URL in an <img> cannot run script. https only, as the
    // page's content security policy allows (no mixed content).
    allowedSchemesByTag: { img: ['https', 'data'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
    allowedStyles: {
      '*': { color: [/^#[0-9a-f]{3,6}$/i, /^rgb\([\d ,]+\)$/], 'text-align': [/^(left|right|center)$/] },
    },
  });
}

/** Text for places that may treat it as HTML (socket messages read by other clients). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
