/**
 * A redirect target from the URL, accepted only when it stays on this origin (an open redirect
 * would let a crafted link send a freshly signed-in user elsewhere). Returns path + query + hash.
 */
export function safeRedirect(
  target: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  try {
    const url = new URL(target, origin);
    if (url.origin !== origin) return null;
    if (url.pathname.startsWith('/user/login')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/user/login?redirect=<path incl. query>` for a location the user could not open yet. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (target === '/' || target === '') return '/user/login';
  return `/user/login?${new URLSearchParams({ redirect: target }).toString()}`;
}
