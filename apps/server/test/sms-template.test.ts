import {
  type AnnouncementsByUser,
  type Envelope,
  type ImportResult,
  type Locale,
  type Page,
  type SmsSender,
  type SmsTemplate,
  type SmsTemplatePolicy,
  XLSX_MIME,
} from '@switchboard/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addCompany, companyId, EN, expectError, expectFieldError, expectOk, text, ZH } from './support/api';
import { apiSuite } from './support/suite';

/**
 * SMS templates and sender ids (issue 12): every route of /sms/template and /sms/sender, the
 * bilingual validation texts (sender id rule, reason required), the review flow with its
 * announcements, edits sending a passed row back to review, who may decide what (staff in their
 * scope, resellers their customers' but not their own), the company policy and checkSend.
 */

const DIRECT = companyId('Direct Retail Ltd'); // customer; sales's
const TWO_WAY = companyId('Two-Way Logistics'); // customer2; sales's
const ACME = companyId('Acme Agency'); // agent, under Northwind
const AGENCY_CLIENT = companyId('Agency Client Co'); // agentcustomer, under Acme

const { s, call, tokens } = apiSuite([
  'admin',
  'sales',
  'distributor',
  'agent',
  'customer',
  'customer2',
  'agentcustomer',
]);
let seq = 0;
const unique = (label: string) => `${label}${++seq}${Math.random().toString(36).slice(2, 6)}`;
const senderName = () => `S${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 11);

const addTemplate = async (user: string, body: Record<string, unknown> = {}) =>
  expectOk(
    await call<SmsTemplate>(user, 'POST', '/sms/template/add', {
      body: { name: unique('T'), kinds: ['marketing'], text: 'Hello {name}, sale {pct}% off', ...body },
    }),
  );
const addSender = async (user: string, senderId = senderName()) =>
  expectOk(await call<SmsSender>(user, 'POST', '/sms/sender/add', { body: { senderId } }));

/**
 * The titles of `user`'s unread system messages as read in `locale`: a decision is a routine
 * notice (no pop-up), written in the reader's language only.
 */
async function notices(user: string, locale: Locale = EN): Promise<string[]> {
  const res = await call<AnnouncementsByUser>(user, 'GET', '/sys/annountCement/listByUser', { locale });
  const list = expectOk(res).sysMsgList;
  // The platform's own notices name their sender in the reader's language too.
  if (locale !== EN) expect(list.map((m) => m.sender)).not.toContain('System');
  for (const m of list.filter((n) => n.sender !== 'System' && n.sender !== '系统')) {
    expect(m).toMatchObject({ priority: 'L', openType: '0' });
  }
  return list.map((m) => m.title);
}

async function upload(
  path: string,
  filename: string,
  content: string,
  user = 'customer',
  locale: Locale = EN,
) {
  const form = new FormData();
  form.append('file', new Blob([content]), filename);
  const response = await fetch(`${s().baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'X-Access-Token': tokens[user]!, 'X-Locale': locale },
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Envelope<ImportResult>,
  };
}

async function download(path: string, user: string, query: Record<string, string> = {}) {
  const response = await fetch(`${s().baseUrl}/api${path}?${new URLSearchParams(query)}`, {
    headers: { 'X-Access-Token': tokens[user]!, 'X-Locale': EN },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(XLSX_MIME);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('templates', () => {
  it('a customer adds one for its own company, to be reviewed, with its variables', async () => {
    const t = await addTemplate('customer', { kinds: ['notification', 'marketing'] });
    expect(t).toMatchObject({
      companyId: DIRECT,
      companyName: 'Direct Retail Ltd',
      status: 'to_review',
      kinds: ['marketing', 'notification'],
      variables: ['name', 'pct'],
      createdBy: 'customer',
      reviewedBy: null,
    });
    expect(
      expectOk(await call<SmsTemplate>('customer', 'GET', '/sms/template/queryById', { query: { id: t.id } }))
        .id,
    ).toBe(t.id);
  });

  it('validates in both languages: name, kinds, text, a name taken in the company', async () => {
    for (const locale of [EN, ZH]) {
      const res = await call('customer', 'POST', '/sms/template/add', {
        body: { name: '', kinds: [], text: '' },
        locale,
      });
      expectFieldError(res, 'kinds', text('TEMPLATE_KIND_REQUIRED', locale));
      expectFieldError(res, 'name', text('FIELD_REQUIRED', locale, { field: 'name' }));
      const long = await call('customer', 'POST', '/sms/template/add', {
        body: { name: 'x', kinds: ['marketing'], text: 'x'.repeat(1001) },
        locale,
      });
      expectFieldError(long, 'text', text('FIELD_TOO_LONG', locale, { field: 'text', max: 1000 }));
    }
    const t = await addTemplate('customer');
    expectError(
      await call('customer', 'POST', '/sms/template/add', {
        body: { name: t.name.toUpperCase(), kinds: ['otp'], text: 'x' },
        locale: ZH,
      }),
      409,
      'TEMPLATE_NAME_TAKEN',
      { locale: ZH },
    );
    // Another company may use the same name.
    await addTemplate('customer2', { name: t.name });
    // Staff have no company of their own: they name one.
    expectError(
      await call('admin', 'POST', '/sms/template/add', { body: { name: 'x', kinds: ['otp'], text: 'x' } }),
      400,
      'FIELD_REQUIRED',
      {
        params: { field: 'companyId' },
      },
    );
  });

  it('the admin rejects with a reason (required, bilingual) and passes; the customer is told each time', async () => {
    const t = await addTemplate('customer');
    for (const locale of [EN, ZH]) {
      const res = await call('admin', 'PUT', '/sms/template/reject', { body: { id: t.id }, locale });
      expectFieldError(res, 'reason', text('REVIEW_REASON_REQUIRED', locale));
      const blank = await call('admin', 'PUT', '/sms/template/reject', {
        body: { id: t.id, reason: ' ' },
        locale,
      });
      expectFieldError(blank, 'reason', text('REVIEW_REASON_REQUIRED', locale));
    }
    const failed = expectOk(
      await call<SmsTemplate>('admin', 'PUT', '/sms/template/reject', {
        body: { id: t.id, reason: 'Name the shop' },
      }),
    );
    expect(failed).toMatchObject({ status: 'failed', rejectReason: 'Name the shop', reviewedBy: 'admin' });
    expect(failed.reviewedAt).not.toBeNull();
    expect(await notices('customer')).toContain(text('TEMPLATE_FAILED_NOTICE_TITLE', EN));
    expect(await notices('customer', ZH)).toContain(text('TEMPLATE_FAILED_NOTICE_TITLE', ZH));
    expectError(
      await call('admin', 'PUT', '/sms/template/reject', { body: { id: t.id, reason: 'again' }, locale: ZH }),
      409,
      'REVIEW_ALREADY_DONE',
      { locale: ZH },
    );
    // The customer fixes it: back to review, reason cleared; then passed.
    const fixed = expectOk(
      await call<SmsTemplate>('customer', 'PUT', '/sms/template/edit', {
        body: { id: t.id, name: t.name, kinds: ['marketing'], text: 'Direct Retail: {name}, {pct}% off' },
      }),
    );
    expect(fixed).toMatchObject({ status: 'to_review', rejectReason: null, reviewedBy: null });
    const passed = expectOk(
      await call<SmsTemplate>('admin', 'PUT', '/sms/template/approve', { body: { id: t.id } }),
    );
    expect(passed).toMatchObject({ status: 'passed', rejectReason: null });
    expect(await notices('customer')).toContain(text('TEMPLATE_PASSED_NOTICE_TITLE', EN));
    expect(await notices('customer', ZH)).toContain(text('TEMPLATE_PASSED_NOTICE_TITLE', ZH));
    // A new name alone keeps it passed; a new text sends it back to review.
    const renamed = expectOk(
      await call<SmsTemplate>('customer', 'PUT', '/sms/template/edit', {
        body: { id: t.id, name: `${t.name}b`, kinds: ['marketing'], text: fixed.text },
      }),
    );
    expect(renamed.status).toBe('passed');
    const retexted = expectOk(
      await call<SmsTemplate>('customer', 'PUT', '/sms/template/edit', {
        body: { id: t.id, name: renamed.name, kinds: ['marketing'], text: `${fixed.text}!` },
      }),
    );
    expect(retexted.status).toBe('to_review');
    // Customers may not review.
    expectError(
      await call('customer', 'PUT', '/sms/template/approve', { body: { id: t.id } }),
      403,
      'NO_OPERATION_PERMISSION',
      {
        message: false,
      },
    );
  });

  it('lists filtered by status and kind, sorted, in scope; exports what the list shows', async () => {
    const a = await addTemplate('customer2', { kinds: ['otp'] });
    const b = await addTemplate('customer2', { kinds: ['marketing'] });
    expectOk(await call('sales', 'PUT', '/sms/template/approve', { body: { id: b.id } }));
    const passed = expectOk(
      await call<Page<SmsTemplate>>('customer2', 'GET', '/sms/template/list', {
        query: { status: 'passed', pageSize: '100' },
      }),
    );
    expect(passed.records.map((r) => r.id)).toContain(b.id);
    expect(passed.records.every((r) => r.status === 'passed' && r.companyId === TWO_WAY)).toBe(true);
    const otp = expectOk(
      await call<Page<SmsTemplate>>('customer2', 'GET', '/sms/template/list', {
        query: { kind: 'otp', pageSize: '100' },
      }),
    );
    expect(otp.records.map((r) => r.id)).toEqual([a.id]);
    const sorted = expectOk(
      await call<Page<SmsTemplate>>('customer2', 'GET', '/sms/template/list', {
        query: { column: 'name', order: 'desc', pageSize: '100' },
      }),
    );
    const names = sorted.records.map((r) => r.name);
    expect(names).toEqual([...names].sort().reverse());
    expectError(
      await call('customer2', 'GET', '/sms/template/list', { query: { column: 'text' } }),
      400,
      'SORT_COLUMN_INVALID',
      { message: false },
    );
    const rows = await download('/sms/template/exportXls', 'customer2', { kind: 'otp' });
    expect(rows[0]).toEqual([
      'Name',
      'Kinds',
      'Text',
      'Status',
      'Reason',
      'Company',
      'Reviewer',
      'Reviewed at',
      'Created at',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([a.name]);
    expect(rows[1]?.[1]).toBe('otp');
    expect(rows[1]?.[3]).toBe('To be reviewed');
    // Another customer sees none of them.
    const other = expectOk(
      await call<Page<SmsTemplate>>('customer', 'GET', '/sms/template/list', { query: { pageSize: '500' } }),
    );
    expect(other.records.every((r) => r.companyId === DIRECT)).toBe(true);
    expectError(
      await call('customer', 'GET', '/sms/template/queryById', { query: { id: a.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('imports rows all or none, reporting taken names and bad kinds per row', async () => {
    const name = unique('Imp');
    const bad = await upload(
      '/sms/template/importExcel',
      't.csv',
      `name,kinds,text\n${name},marketing,Hi {name}\n${name},otp,Again\nX,spam,Bad kind\n`,
      'customer',
      ZH,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('IMPORT_HAS_ERRORS');
    const errors = (bad.body.result as ImportResult).errors;
    expect(errors.map((e) => [e.row, e.field])).toEqual(expect.arrayContaining([[4, 'kinds']]));
    expect(errors.find((e) => e.field === 'kinds')?.message).toBe(
      text('TEMPLATE_KIND_INVALID', ZH, { field: '短信类型' }),
    );
    const good = await upload(
      '/sms/template/importExcel',
      't.csv',
      `name,kinds,text\n${name},"marketing,notification",Hi {name}\n`,
    );
    expect(expectOk(good).imported).toBe(1);
    const again = await upload('/sms/template/importExcel', 't.csv', `name,kinds,text\n${name},otp,x\n`);
    expect(again.status).toBe(400);
    expect((again.body.result as ImportResult).errors[0]).toMatchObject({
      row: 2,
      field: 'name',
      message: text('TEMPLATE_NAME_TAKEN', EN),
    });
  });

  it('deletes in scope, one or several, all or none', async () => {
    const a = await addTemplate('customer');
    const b = await addTemplate('customer');
    const foreign = await addTemplate('customer2');
    expectError(
      await call('customer', 'DELETE', '/sms/template/deleteBatch', {
        query: { ids: `${a.id},${foreign.id}` },
      }),
      404,
      'NOT_FOUND',
    );
    expect(
      expectOk(
        await call<{ deleted: number }>('customer', 'DELETE', '/sms/template/deleteBatch', {
          query: { ids: `${a.id},${b.id}` },
        }),
      ).deleted,
    ).toBe(2);
    expectOk(await call('customer2', 'DELETE', '/sms/template/delete', { query: { id: foreign.id } }));
    expectError(
      await call('customer2', 'GET', '/sms/template/queryById', { query: { id: foreign.id } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('who reviews', () => {
  it('a reseller decides its customers’ templates and sender ids, never its own company’s', async () => {
    const client = await addTemplate('agentcustomer');
    const own = await addTemplate('agent');
    expect(
      expectOk(await call<SmsTemplate>('agent', 'PUT', '/sms/template/approve', { body: { id: client.id } }))
        .status,
    ).toBe('passed');
    expectError(
      await call('agent', 'PUT', '/sms/template/approve', { body: { id: own.id } }),
      403,
      'REVIEW_OWN_COMPANY',
    );
    // Its parent distributor may decide the agent's; a sibling customer of another tree is unknown.
    expect(
      expectOk(
        await call<SmsTemplate>('distributor', 'PUT', '/sms/template/approve', { body: { id: own.id } }),
      ).status,
    ).toBe('passed');
    const direct = await addTemplate('customer');
    expectError(
      await call('agent', 'PUT', '/sms/template/reject', { body: { id: direct.id, reason: 'x' } }),
      404,
      'NOT_FOUND',
    );
    const sender = await addSender('agentcustomer');
    expect(
      expectOk(
        await call<SmsSender>('agent', 'PUT', '/sms/sender/reject', {
          body: { id: sender.id, reason: 'Not your brand' },
        }),
      ),
    ).toMatchObject({ status: 'failed', rejectReason: 'Not your brand', reviewedBy: 'agent' });
    expect(await notices('agentcustomer')).toContain(text('SENDER_FAILED_NOTICE_TITLE', EN));
    expect(await notices('agentcustomer', ZH)).toContain(text('SENDER_FAILED_NOTICE_TITLE', ZH));
  });

  it('sales decide within their companies only', async () => {
    const mine = await addTemplate('customer');
    const notMine = await addTemplate('agentcustomer');
    expectOk(
      await call('sales', 'PUT', '/sms/template/reject', { body: { id: mine.id, reason: 'Too vague' } }),
    );
    expectError(
      await call('sales', 'PUT', '/sms/template/approve', { body: { id: notMine.id } }),
      404,
      'NOT_FOUND',
    );
    const list = expectOk(
      await call<Page<SmsTemplate>>('sales', 'GET', '/sms/template/list', { query: { pageSize: '500' } }),
    );
    expect(list.records.some((r) => r.companyId === AGENCY_CLIENT)).toBe(false);
    expect(list.records.some((r) => r.companyId === DIRECT)).toBe(true);
  });
});

describe('sender ids', () => {
  it('validates the sender rule in both languages; unique per company regardless of case', async () => {
    for (const locale of [EN, ZH]) {
      for (const senderId of ['Acme-Shop', 'Acme Shop', 'ABCDEFGHIJKL', '阿克米']) {
        const res = await call('customer', 'POST', '/sms/sender/add', { body: { senderId }, locale });
        expectFieldError(res, 'senderId', text('SENDER_INVALID', locale, { field: 'senderId' }));
      }
      const long = await call('customer', 'POST', '/sms/sender/add', {
        body: { senderId: '1'.repeat(16) },
        locale,
      });
      expectFieldError(long, 'senderId', text('FIELD_TOO_LONG', locale, { field: 'senderId', max: 15 }));
      const none = await call('customer', 'POST', '/sms/sender/add', { body: {}, locale });
      expectFieldError(none, 'senderId', /senderId/);
    }
    const name = senderName();
    const sender = await addSender('customer', name);
    expect(sender).toMatchObject({ senderId: name, status: 'to_review', companyId: DIRECT });
    expectError(
      await call('customer', 'POST', '/sms/sender/add', {
        body: { senderId: name.toLowerCase() },
        locale: ZH,
      }),
      409,
      'SENDER_EXISTS',
      { locale: ZH },
    );
    await addSender('customer2', name.toUpperCase());
    expect(await addSender('customer', '123456789012345')).toMatchObject({ senderId: '123456789012345' });
  });

  it('approves, edits back to review, lists by status, exports, imports and deletes', async () => {
    const sender = await addSender('customer2');
    expectOk(await call('admin', 'PUT', '/sms/sender/approve', { body: { id: sender.id }, locale: ZH }));
    expect(await notices('customer2')).toContain(text('SENDER_PASSED_NOTICE_TITLE', EN));
    expect(await notices('customer2', ZH)).toContain(text('SENDER_PASSED_NOTICE_TITLE', ZH));
    const remarked = expectOk(
      await call<SmsSender>('customer2', 'PUT', '/sms/sender/edit', {
        body: { id: sender.id, senderId: sender.senderId, remark: 'shop' },
      }),
    );
    expect(remarked).toMatchObject({ status: 'passed', remark: 'shop' });
    const passed = expectOk(
      await call<Page<SmsSender>>('customer2', 'GET', '/sms/sender/list', {
        query: { status: 'passed', pageSize: '100' },
      }),
    );
    expect(passed.records.map((r) => r.id)).toContain(sender.id);
    const renamed = expectOk(
      await call<SmsSender>('customer2', 'PUT', '/sms/sender/edit', {
        body: { id: sender.id, senderId: `${sender.senderId.slice(0, 9)}X` },
      }),
    );
    expect(renamed.status).toBe('to_review');
    expect(
      expectOk(
        await call<SmsSender>('customer2', 'GET', '/sms/sender/queryById', { query: { id: sender.id } }),
      ).senderId,
    ).toBe(renamed.senderId);
    const rows = await download('/sms/sender/exportXls', 'customer2', { senderId: renamed.senderId });
    expect(rows[0]?.slice(0, 4)).toEqual(['Sender ID', 'Remark', 'Status', 'Reason']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([renamed.senderId]);
    const fresh = senderName();
    const bad = await upload(
      '/sms/sender/importExcel',
      's.csv',
      `senderId,remark\n${fresh},a\nbad-one,b\n${fresh},c\n`,
      'customer2',
      ZH,
    );
    expect(bad.status).toBe(400);
    expect((bad.body.result as ImportResult).errors.map((e) => [e.row, e.field])).toEqual([[3, 'senderId']]);
    expect((bad.body.result as ImportResult).errors[0]?.message).toBe(
      text('SENDER_INVALID', ZH, { field: '发送方ID' }),
    );
    const good = await upload(
      '/sms/sender/importExcel',
      's.csv',
      `Sender ID,Remark\n${fresh},a\n`,
      'customer2',
    );
    expect(expectOk(good).imported).toBe(1);
    const dup = await upload(
      '/sms/sender/importExcel',
      's.csv',
      `senderId\n${fresh.toLowerCase()}\n`,
      'customer2',
    );
    expect((dup.body.result as ImportResult).errors[0]).toMatchObject({
      field: 'senderId',
      message: text('SENDER_EXISTS', EN),
    });
    expectOk(await call('customer2', 'DELETE', '/sms/sender/delete', { query: { id: sender.id } }));
    const another = await addSender('customer2');
    expect(
      expectOk(
        await call<{ deleted: number }>('customer2', 'DELETE', '/sms/sender/deleteBatch', {
          query: { ids: another.id },
        }),
      ).deleted,
    ).toBe(1);
  });
});

describe('policy and checkSend', () => {
  it('staff switch the policy per company; customers read their own; resellers may not switch', async () => {
    const company = await freshCompany();
    expect(
      expectOk(
        await call<SmsTemplatePolicy>('admin', 'GET', '/sms/template/policy', {
          query: { companyId: company },
        }),
      ),
    ).toEqual({
      companyId: company,
      requireApprovedTemplates: false,
    });
    expect(
      expectOk(
        await call<SmsTemplatePolicy>('admin', 'PUT', '/sms/template/policy', {
          body: { companyId: company, requireApprovedTemplates: true },
        }),
      ).requireApprovedTemplates,
    ).toBe(true);
    expect(
      expectOk(
        await call<SmsTemplatePolicy>('customer', 'GET', '/sms/template/policy', {
          query: { companyId: DIRECT },
        }),
      ).requireApprovedTemplates,
    ).toBe(false);
    expectError(
      await call('customer', 'GET', '/sms/template/policy', { query: { companyId: TWO_WAY } }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('agent', 'PUT', '/sms/template/policy', {
        body: { companyId: AGENCY_CLIENT, requireApprovedTemplates: true },
      }),
      403,
      'NO_OPERATION_PERMISSION',
      { message: false },
    );
    expectError(
      await call('sales', 'PUT', '/sms/template/policy', {
        body: { companyId: ACME, requireApprovedTemplates: true },
      }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });

  it('checkSend: passed sender ids only; passed templates for marketing and notification when required', async () => {
    const company = await freshCompany();
    const templates = s().app.services.smsTemplates;
    const base = { companyId: company, kind: 'marketing' as const, sender: null, templateId: null };
    // No policy: any text; a sender must still be passed.
    expect(await templates.checkSend({ ...base, text: 'anything' })).toBeNull();
    expect(await templates.checkSend({ ...base, text: 'x', sender: 'Nobody' })).toBe('SENDER_NOT_APPROVED');
    const sender = expectOk(
      await call<SmsSender>('admin', 'POST', '/sms/sender/add', {
        body: { senderId: 'ShopOne', companyId: company },
      }),
    );
    expect(await templates.checkSend({ ...base, text: 'x', sender: 'ShopOne' })).toBe('SENDER_NOT_APPROVED');
    expectOk(await call('admin', 'PUT', '/sms/sender/approve', { body: { id: sender.id } }));
    expect(await templates.checkSend({ ...base, text: 'x', sender: 'shopone' })).toBeNull();
    expect(await templates.checkSend({ ...base, kind: 'otp', text: 'x', sender: 'ShopOne' })).toBeNull();
    expectOk(
      await call('admin', 'PUT', '/sms/sender/reject', { body: { id: sender.id, reason: 'revoked' } }),
    );
    expect(await templates.checkSend({ ...base, text: 'x', sender: 'ShopOne' })).toBe('SENDER_NOT_APPROVED');

    // The policy on: marketing and notification need a passed template of the kind.
    expectOk(
      await call('admin', 'PUT', '/sms/template/policy', {
        body: { companyId: company, requireApprovedTemplates: true },
      }),
    );
    const t = expectOk(
      await call<SmsTemplate>('admin', 'POST', '/sms/template/add', {
        body: { name: 'Sale', kinds: ['marketing'], text: 'Hi {name}, {pct}% off today', companyId: company },
      }),
    );
    const filled = 'Hi Ann, 20% off today';
    expect(await templates.checkSend({ ...base, text: filled })).toBe('TEMPLATE_REQUIRED');
    expect(await templates.checkSend({ ...base, text: filled, templateId: t.id })).toBe(
      'TEMPLATE_NOT_APPROVED',
    );
    expectOk(await call('admin', 'PUT', '/sms/template/approve', { body: { id: t.id } }));
    expect(await templates.checkSend({ ...base, text: filled })).toBeNull();
    expect(await templates.checkSend({ ...base, text: 'Hi {name}, {pct}% off today' })).toBeNull();
    expect(await templates.checkSend({ ...base, text: filled, templateId: t.id })).toBeNull();
    expect(await templates.checkSend({ ...base, text: `${filled} Click x.co`, templateId: t.id })).toBe(
      'TEMPLATE_TEXT_MISMATCH',
    );
    expect(await templates.checkSend({ ...base, text: `${filled} Click x.co` })).toBe('TEMPLATE_REQUIRED');
    // Not for notification (its kinds), nor another company's template; OTP is never held to templates.
    expect(await templates.checkSend({ ...base, kind: 'notification', text: filled })).toBe(
      'TEMPLATE_REQUIRED',
    );
    expect(await templates.checkSend({ ...base, kind: 'notification', text: filled, templateId: t.id })).toBe(
      'TEMPLATE_NOT_APPROVED',
    );
    // Another company's template is refused with the policy off too (issue 21).
    expect(await templates.checkSend({ ...base, companyId: DIRECT, text: filled, templateId: t.id })).toBe(
      'TEMPLATE_NOT_APPROVED',
    );
    expectOk(
      await call('admin', 'PUT', '/sms/template/policy', {
        body: { companyId: DIRECT, requireApprovedTemplates: true },
      }),
    );
    expect(await templates.checkSend({ ...base, companyId: DIRECT, text: filled, templateId: t.id })).toBe(
      'TEMPLATE_NOT_APPROVED',
    );
    expectOk(
      await call('admin', 'PUT', '/sms/template/policy', {
        body: { companyId: DIRECT, requireApprovedTemplates: false },
      }),
    );
    expect(await templates.checkSend({ ...base, kind: 'otp', text: 'Your code 1' })).toBeNull();
    expect(
      await templates.checkSend({
        ...base,
        kind: 'premium_otp',
        text: 'Your code 1',
        templateId: 'not-a-uuid',
      }),
    ).toBe('TEMPLATE_NOT_APPROVED');
    expect(await templates.checkSend({ ...base, text: filled, templateId: 'not-a-uuid' })).toBe(
      'TEMPLATE_NOT_APPROVED',
    );
    // A sender refusal comes first.
    expect(await templates.checkSend({ ...base, text: 'spam', sender: 'ShopOne' })).toBe(
      'SENDER_NOT_APPROVED',
    );
  });
});

describe('a send names only its own company’s template (issue 21)', () => {
  it('another company’s templateId is refused with the template policy off, in both languages', async () => {
    // customer2's template, passed; the customer's company (Direct Retail) has no policy.
    const foreign = await addTemplate('customer2', { text: 'Hello {name}' });
    expectOk(await call('admin', 'PUT', '/sms/template/approve', { body: { id: foreign.id } }));
    expect(
      expectOk(
        await call<SmsTemplatePolicy>('customer', 'GET', '/sms/template/policy', {
          query: { companyId: DIRECT },
        }),
      ).requireApprovedTemplates,
    ).toBe(false);
    for (const [kindPath, locale] of [
      ['marketing', EN],
      ['otpReguler', ZH],
    ] as const) {
      expectError(
        await call('customer', 'POST', `/sms/${kindPath}/send`, {
          body: { recipients: [{ number: '+8613800138000' }], text: 'Hello Ann', templateId: foreign.id },
          locale,
        }),
        400,
        'TEMPLATE_NOT_APPROVED',
        { locale },
      );
    }
  });
});

/** A customer company of the platform's own (no other test sets its policy). */
const freshCompany = () => addCompany(s(), tokens.admin!, unique('Policy customer '));
