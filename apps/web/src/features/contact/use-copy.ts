import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';

/** Writes text to the clipboard; falls back to a hidden text area where the Clipboard API is missing (plain http). */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated, but the only way without the Clipboard API.
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** Copies a support account to the clipboard and confirms it ("Copied …"). */
export function useCopy() {
  const { t } = useTranslation('contact');
  return async (value: string) => {
    try {
      await copyText(value);
      notify.success(t('copied', { value }));
    } catch {
      notify.error(t('copyFailed'));
    }
  };
}
