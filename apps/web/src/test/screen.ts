/**
 * The screen width media queries are answered for in tests: jsdom lays nothing out and has no
 * matchMedia (src/test/setup.ts installs one from this). A desktop unless a test says otherwise.
 */
export const DESKTOP_WIDTH = 1440;

let width = DESKTOP_WIDTH;

/** Answers media queries as a screen this wide would, until the test ends (setup resets it). */
export function setScreenWidth(px: number) {
  width = px;
}

/** Whether `query` holds at the current width: (min-width) and (max-width) in px; other features never. */
export function matchesScreen(query: string): boolean {
  return query.split(/\band\b/).every((part) => {
    const feature = /\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)/.exec(part);
    if (!feature) return false;
    const limit = Number(feature[2]);
    return feature[1] === 'min' ? width >= limit : width <= limit;
  });
}
