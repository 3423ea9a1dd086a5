import { DEFAULT_LOCALE, LOCALE_HEADER, type Locale } from '@switchboard/contracts';
import type { FastifyRequest } from 'fastify';

function normalise(tag: string): Locale | undefined {
  const t = tag.trim().toLowerCase();
  if (t.startsWith('zh')) return 'zh-CN';
  if (t.startsWith('en')) return 'en-US';
  return undefined;
}

/** The caller's language: X-Locale, else the first known Accept-Language entry, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  const explicit = request.headers[LOCALE_HEADER.toLowerCase()];
  if (typeof explicit === 'string') {
    const found = normalise(explicit.replace('_', '-'));
    if (found) return found;
  }
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    const ranked = accept
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const found = normalise(tag);
      if (found) return found;
    }
  }
  return DEFAULT_LOCALE;
}
