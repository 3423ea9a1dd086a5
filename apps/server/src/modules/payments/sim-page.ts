import { formatMoney, type Locale, ORDER_DICTS } from '@switchboard/contracts';
import { seededLabels } from '../dict';
import { REFUNDABLE, type SimAction } from './providers/simulator';
import type { OrderRow } from './repo';

/** The simulated checkout pages' words, in both languages. */
const TEXTS = {
  'en-US': {
    title: 'Payment simulator',
    demo: 'Demo mode: no real money moves. The provider’s notifications follow on a short clock.',
    card: 'Card (Stripe Checkout, simulated)',
    crypto: 'Crypto (NOWPayments invoice, simulated)',
    amount: 'Amount',
    order: 'Order',
    state: 'State',
    pay: 'Pay',
    fail: 'Payment fails',
    expire: 'Let it expire',
    part: 'Pay part (half)',
    refund: 'Refund the payment',
    refundHint:
      'Paid. As staff would at the provider’s dashboard, the payment can be refunded: the credit is taken back.',
    payCrypto: 'Pay in full',
    closed: 'This checkout is no longer open.',
    sent: {
      pay: 'Payment sent. The provider will confirm it in a few seconds.',
      part: 'Half of the amount sent. The invoice stays open until it expires; then what was paid is credited.',
      fail: 'The payment was declined.',
      expire: 'The checkout will expire.',
      refund: 'Refund sent. The provider will notify the console in a few seconds.',
    },
    back: 'Back to the console',
  },
  'zh-CN': {
    title: '支付模拟器',
    demo: '演示模式：不会产生真实资金往来。支付服务的通知将在几秒内陆续送达。',
    card: '银行卡（Stripe Checkout，模拟）',
    crypto: '加密货币（NOWPayments 账单，模拟）',
    amount: '金额',
    order: '订单',
    state: '状态',
    pay: '支付',
    fail: '支付失败',
    expire: '任其过期',
    part: '部分支付（一半）',
    refund: '退款',
    refundHint: '已支付。如同在支付服务后台操作，可以退还这笔付款：已入账的金额将被扣回。',
    payCrypto: '全额支付',
    closed: '该支付页面已关闭。',
    sent: {
      pay: '已付款，支付服务将在几秒内确认。',
      part: '已支付一半金额。账单将保持到过期，届时按已付金额入账。',
      fail: '支付被拒绝。',
      expire: '该支付页面将过期。',
      refund: '已发起退款，支付服务将在几秒内通知控制台。',
    },
    back: '返回控制台',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(locale: Locale, body: string, refresh?: string): string {
  const t = TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? `<meta http-equiv="refresh" content="3;url=${escapeHtml(refresh)}">` : ''}
<title>${t.title}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif;background:#f5f5f5;margin:0;padding:24px;color:#1f1f1f}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
h1{font-size:20px;margin:0 0 8px}.demo{color:#8c8c8c;font-size:13px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 20px}dt{color:#8c8c8c}dd{margin:0;font-variant-numeric:tabular-nums}
form{display:inline}button{font:inherit;border:1px solid #d9d9d9;border-radius:6px;padding:8px 16px;margin:0 8px 8px 0;background:#fff;cursor:pointer}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff}a{color:#1677ff}
</style></head><body><main>${body}</main></body></html>`;
}

/** The checkout page of an order: what it is, and buttons for what a payer may do. */
export function simulatorPage(order: OrderRow, locale: Locale): string {
  const t = TEXTS[locale];
  const action = (a: SimAction, label: string, primary = false) =>
    `<form method="post" action="/api/payments/sim/checkout/${order.id}/${a}?lang=${locale}"><button type="submit" name="${a}"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
  const back = `<p><a href="/SysCustomerPay?order=${order.id}">${t.back}</a></p>`;
  const buttons =
    order.method === 'card' && REFUNDABLE.includes(order.state)
      ? `<p>${t.refundHint}</p>${action('refund', t.refund)}${back}`
      : order.state !== 'pending_payment'
        ? `<p>${t.closed}</p>${back}`
        : order.method === 'card'
          ? action('pay', t.pay, true) + action('fail', t.fail) + action('expire', t.expire)
          : action('pay', t.payCrypto, true) + action('part', t.part) + action('expire', t.expire);
  return layout(
    locale,
    `<h1>${t.title}</h1><p class="demo">${t.demo}</p>
<dl><dt>${t.order}</dt><dd>${order.id}</dd>
<dt>${order.method === 'card' ? t.card : t.crypto}</dt><dd></dd>
<dt>${t.amount}</dt><dd>${formatMoney(order.amountRequested, 2)} ${order.currency}</dd>
<dt>${t.state}</dt><dd>${seededLabels(ORDER_DICTS.state)[order.state]?.[locale] ?? order.state}</dd></dl>
${buttons}`,
  );
}

/** After the payer acted: what happens next, and back to the console (by itself after 3 s). */
export function simulatorSentPage(order: OrderRow, action: SimAction, locale: Locale): string {
  const t = TEXTS[locale];
  const back = `/SysCustomerPay?order=${order.id}`;
  return layout(
    locale,
    `<h1>${t.title}</h1><p class="demo">${t.demo}</p><p role="status">${t.sent[action]}</p>
<p><a href="${back}">${t.back}</a></p>`,
    back,
  );
}
