/**
 * The Chinese of the API documents' summaries and descriptions, by their English text (the one
 * each route declares). The documents carry it as `x-summary-zh` and `x-description-zh`; the
 * console's API pages show it to Chinese readers (issue 28 item 5). A route not here is shown in
 * English in both languages.
 */
export const OPENAPI_TEXTS_ZH: Record<string, string> = {
  // The customer HTTP API (sms-api).
  'Send a message to one number or up to 1000': '向一个号码或最多 1000 个号码发送短信',
  'Each number is answered with its own status: invalid or unroutable numbers are not sent (status `invalid_number` or `failed`, with `errorCode` and `reason`) and do not fail the request. Priced and charged per part at acceptance.':
    '每个号码单独返回状态：无效或无法路由的号码不发送（状态为 `invalid_number` 或 `failed`，附 `errorCode` 和 `reason`），不会使整个请求失败。接收时按拆分条数计价扣费。',
  'One of your messages and its status': '查询一条短信及其状态',
  'Your balance': '查询余额',
};

/** Adds the Chinese of an operation's summary and description where there is one. */
export function withChinese(operation: Record<string, unknown>): void {
  const { summary, description } = operation;
  if (typeof summary === 'string' && OPENAPI_TEXTS_ZH[summary]) {
    operation['x-summary-zh'] = OPENAPI_TEXTS_ZH[summary];
  }
  if (typeof description === 'string' && OPENAPI_TEXTS_ZH[description]) {
    operation['x-description-zh'] = OPENAPI_TEXTS_ZH[description];
  }
}
