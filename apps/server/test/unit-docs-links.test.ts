import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/paths';

/**
 * Every relative link of the README and the pages under docs/ leads to a file that exists, and a
 * `#fragment` to a heading of that page (GitHub's anchors: lower case, punctuation dropped,
 * spaces as hyphens).
 */

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code, where links are links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Each relative link that does not resolve, as `file: target (why)`. */
function brokenLinks(files: string[]): string[] {
  const broken: string[] = [];
  for (const file of files) {
    for (const match of prose(fs.readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
      const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), pathPart);
      const shown = `${path.relative(REPO_ROOT, file)}: ${target}`;
      if (!fs.existsSync(resolved)) {
        broken.push(`${shown} (no such file)`);
      } else if (fragment !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment)) {
        broken.push(`${shown} (no such heading)`);
      }
    }
  }
  return broken;
}

describe('links in the README and docs/', () => {
  const files = [path.join(REPO_ROOT, 'README.md'), ...markdownFiles(path.join(REPO_ROOT, 'docs'))];

  it('finds the pages', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('every relative link resolves, to a file and to a heading', () => {
    expect(brokenLinks(files)).toEqual([]);
  });

  it('the README links to docs/', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).toContain('](docs/README.md)');
  });

  it('anchors are made as GitHub makes them', () => {
    expect(anchorOf('API keys, IP whitelist, callback URL')).toBe('api-keys-ip-whitelist-callback-url');
    expect(anchorOf('The console (apps/web)')).toBe('the-console-appsweb');
  });
});
