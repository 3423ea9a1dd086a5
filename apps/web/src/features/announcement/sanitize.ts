import {
  HTML_POLICY,
  HTML_URL_ATTRIBUTES,
  htmlAttributeAllowed,
  htmlStyleAllowed,
  htmlStyleFullyAllowed,
  htmlUrlAllowed,
} from '@switchboard/contracts';
import DOMPurify from 'dompurify';

/**
 * The browser's announcement sanitiser: DOMPurify configured from the shared policy
 * (packages/contracts/src/html-policy.ts), which the server's sanitiser follows too, so what an
 * administrator writes is what readers see. An instance of its own: its hooks apply to nothing else.
 */
const purify = DOMPurify();

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase();
  const name = data.attrName.toLowerCase();
  if (!htmlAttributeAllowed(tag, name)) {
    data.keepAttr = false;
    return;
  }
  if (HTML_URL_ATTRIBUTES.includes(name) && !htmlUrlAllowed(tag, data.attrValue)) {
    data.keepAttr = false;
    return;
  }
  // A style the policy keeps whole stays as written (the editor's output passes unchanged);
  // otherwise only its allowed declarations stay.
  if (name === 'style' && !htmlStyleFullyAllowed(data.attrValue)) {
    const kept = htmlStyleAllowed(data.attrValue);
    if (kept) data.attrValue = kept;
    else data.keepAttr = false;
  }
});

purify.addHook('afterSanitizeAttributes', (node) => {
  const forced = HTML_POLICY.forcedAttributes[node.nodeName.toLowerCase()];
  if (!forced || !(node instanceof Element)) return;
  for (const [name, value] of Object.entries(forced)) node.setAttribute(name, value);
});

const CONFIG = {
  ALLOWED_TAGS: [...HTML_POLICY.tags],
  ALLOWED_ATTR: [...new Set(Object.values(HTML_POLICY.attributes).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/**
 * Announcement HTML as the page may show it. The server sanitises what it stores; the browser
 * cleans it again so a bad row or a compromised writer can never run script here.
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, CONFIG);
}
