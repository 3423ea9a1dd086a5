/**
 * Message ids: SMSCs answer submit_sm with an id and name it again in the receipt, as hex or
 * decimal digits (often one form in submit_sm_resp, the other in the receipt text).
 */
export type IdFormat = 'hex' | 'decimal';

export function formatId(value: number, format: IdFormat): string {
  return format === 'hex' ? value.toString(16) : value.toString(10);
}

/**
 * An id in one canonical form: numeric ids (in the given format) lower case without leading
 * zeros, anything else as is (trimmed).
 */
export function normaliseId(id: string, format: IdFormat): string {
  const text = id.trim();
  if (format === 'hex' && /^[0-9a-f]+$/i.test(text)) return text.toLowerCase().replace(/^0+(?=.)/, '');
  if (format === 'decimal' && /^\d+$/.test(text)) return text.replace(/^0+(?=.)/, '');
  return text;
}

/** A receipt text's id in the submit_sm_resp form (converted when the two formats differ). */
export function receiptIdToSubmitForm(id: string, receiptFormat: IdFormat, submitFormat: IdFormat) {
  const text = id.trim();
  if (receiptFormat === submitFormat) return normaliseId(text, submitFormat);
  try {
    if (receiptFormat === 'decimal' && /^\d+$/.test(text)) return BigInt(text).toString(16);
    if (receiptFormat === 'hex' && /^[0-9a-f]+$/i.test(text)) return BigInt(`0x${text}`).toString(10);
  } catch {
    // not a number after all: as is
  }
  return normaliseId(text, submitFormat);
}
