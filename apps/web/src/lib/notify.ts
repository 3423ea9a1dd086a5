/**
 * The console's own notices: failed loads, a 401, "Copied …". They are plain DOM, not antd, for two
 * reasons: the sign-in page carries no antd (its JavaScript budget), and a notice must outlive the
 * screen that raised it (a 401 leaves the console for the sign-in page, the notice stays).
 * Screens inside the console confirm their own actions with antd's message, as antd forms do.
 */

export type NoticeKind = 'success' | 'error' | 'info';

const DEFAULT_DURATION_S = 3;
const ICON_PATHS: Record<NoticeKind, string> = {
  success: 'M8 15l-4-4 1.4-1.4L8 12.2l6.6-6.6L16 7z',
  error: 'M13.6 5 10 8.6 6.4 5 5 6.4 8.6 10 5 13.6 6.4 15 10 11.4 13.6 15 15 13.6 11.4 10 15 6.4z',
  info: 'M9 5h2v2H9zm0 4h2v6H9z',
};

function container(): HTMLElement {
  const existing = document.getElementById('sb-notices');
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = 'sb-notices';
  element.className = 'sb-notices';
  document.body.appendChild(element);
  return element;
}

function show(kind: NoticeKind, text: string, durationS = DEFAULT_DURATION_S): void {
  if (typeof document === 'undefined') return;
  const notice = document.createElement('div');
  notice.className = `sb-notice sb-notice-${kind}`;
  // Errors interrupt a screen reader; confirmations wait their turn.
  notice.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  notice.dataset.testid = 'notice';
  const svgNs = 'http://www.w3.org/2000/svg';
  const icon = document.createElementNS(svgNs, 'svg');
  icon.setAttribute('viewBox', '0 0 20 20');
  icon.setAttribute('aria-hidden', 'true');
  const circle = document.createElementNS(svgNs, 'circle');
  circle.setAttribute('cx', '10');
  circle.setAttribute('cy', '10');
  circle.setAttribute('r', '9');
  const mark = document.createElementNS(svgNs, 'path');
  mark.setAttribute('d', ICON_PATHS[kind]);
  mark.setAttribute('fill', '#fff');
  icon.append(circle, mark);
  const label = document.createElement('span');
  label.textContent = text;
  notice.append(icon, label);
  container().appendChild(notice);
  setTimeout(() => notice.remove(), durationS * 1_000);
}

export const notify = {
  success: (text: string, durationS?: number) => show('success', text, durationS),
  error: (text: string, durationS?: number) => show('error', text, durationS),
  info: (text: string, durationS?: number) => show('info', text, durationS),
};

/** Removes every notice at once (tests start each case clean). */
export function clearNotices(): void {
  if (typeof document !== 'undefined') document.getElementById('sb-notices')?.remove();
}

/**
 * The "login expired" dialog needs antd's modal, which only the console's screens load; they
 * register it here. Without it (no console screen showing) the re-login happens at once.
 */
type LoginExpiredDialog = (text: string, relogin: () => void) => void;
let loginExpiredDialog: LoginExpiredDialog | null = null;

export function registerLoginExpiredDialog(open: LoginExpiredDialog): () => void {
  loginExpiredDialog = open;
  return () => {
    if (loginExpiredDialog === open) loginExpiredDialog = null;
  };
}

export function openLoginExpired(text: string, relogin: () => void): void {
  if (loginExpiredDialog) loginExpiredDialog(text, relogin);
  else relogin();
}
