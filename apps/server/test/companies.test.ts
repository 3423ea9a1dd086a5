import {
  type AgentBalance,
  type AnnouncementsByUser,
  type ApprovalRateGroups,
  type CompanyCreated,
  type CompanyListItem,
  type ErrorCode,
  type LoginResult,
  type Page,
  type RateAssignments,
  type RateGroup,
  type SmsPreview,
  units,
} from '@switchboard/contracts';
import { and, eq, ilike } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { companies, departments, operationLog, users } from '../src/schema';
import { type CallResult, startServer } from './harness';
import {
  ACME,
  AGENCY_CLIENT,
  DIRECT,
  EN,
  eventually,
  expectError,
  expectFieldError,
  expectOk,
  NORTHWIND,
  TWO_WAY,
  text,
  tokenOf,
  userId,
  withCaptcha,
  ZH,
} from './support/api';
import { apiSuite, DEMO_USERS } from './support/suite';

let n = 0;
const uniq = () => `${Date.now().toString(36)}${(++n).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** A valid, unused US number (+1 202 555 01xx style numbers are not valid: use 212 area). */
const phoneNo = () => `+1212${String(2000000 + Math.floor(Math.random() * 7999999)).padStart(7, '0')}`;

function newCompany(extra: Record<string, unknown> = {}) {
  const u = uniq();
  return {
    name: `Test Co ${u}`,
    type: 'direct',
    contactName: 'Pat Tester',
    phone: phoneNo(),
    email: `pat.${u}@example.com`,
    username: `co_${u}`.slice(0, 32),
    password: 'Company2026',
    ...extra,
  };
}

/** A conflict (409) naming `field` with `message`, under the conflict's own code. */
function expectConflict(res: CallResult<unknown>, code: ErrorCode, field: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.errorCode).toBe(code);
  expect(res.body.errors?.find((e) => e.field === field)?.message).toBe(message);
  expect(res.body.message).toBe(message);
}

const call = <T>(user: string, method: string, path: string, body?: unknown, locale = EN) =>
  s().call<T>(method, path, { token: tokens[user], ...(body === undefined ? {} : { body }), locale });
const list = (user: string, query: Record<string, string> = {}) =>
  s().call<Page<CompanyListItem>>('GET', '/sys/company/list', { token: tokens[user], query });
const login = (username: string, password: string, locale = EN) =>
  s().call<LoginResult>('POST', '/sys/login', { body: { username, password }, locale });

const { s, tokens } = apiSuite(DEMO_USERS, () =>
  startServer(process.env.COMPANIES_DEBUG ? { LOG_LEVEL: 'error' } : {}),
);

describe('POST /sys/company/add', () => {
  it('creates the company, its department and its administrator user, who can sign in', async () => {
    const body = newCompany({ type: 'two-way' });
    const created = expectOk(await call<CompanyCreated>('admin', 'POST', '/sys/company/add', body));
    expect(created).toMatchObject({ name: body.name, username: body.username, approvalStatus: 'approved' });
    const session = expectOk(await login(body.username, body.password));
    expect(session.userInfo.roles).toEqual(['customer']);
    expect(session.departs.map((d) => d.departName)).toEqual([body.name]);
    const own = await s().call<Page<CompanyListItem>>('GET', '/sys/company/list', { token: session.token });
    expect(own.body.result.records.map((c) => c.name)).toEqual([body.name]);
    const item = expectOk(
      await call<CompanyListItem>('admin', 'GET', `/sys/company/queryById?id=${created.id}`),
    );
    expect(item).toMatchObject({
      type: 'two-way',
      phone: body.phone,
      email: body.email,
      balance: '0.000000',
    });
  });

  it('gives an agent-type company a distributor, under a distributor an agent', async () => {
    const top = newCompany({ type: 'agent' });
    expectOk(await call('admin', 'POST', '/sys/company/add', top));
    expect(expectOk(await login(top.username, top.password)).userInfo.roles).toEqual(['distributor']);
    const under = newCompany({ type: 'agent', parentCompanyId: NORTHWIND });
    expectOk(await call('admin', 'POST', '/sys/company/add', under));
    expect(expectOk(await login(under.username, under.password)).userInfo.roles).toEqual(['agent']);
    // No fourth level: an agent under an agent, or anything under a customer, is refused.
    const deep = await call(
      'admin',
      'POST',
      '/sys/company/add',
      newCompany({ type: 'agent', parentCompanyId: ACME }),
      ZH,
    );
    expectFieldError(deep, 'parentCompanyId', text('COMPANY_PARENT_INVALID', ZH));
    const underCustomer = await call(
      'admin',
      'POST',
      '/sys/company/add',
      newCompany({ parentCompanyId: DIRECT }),
    );
    expectFieldError(underCustomer, 'parentCompanyId', text('COMPANY_PARENT_INVALID'));
  });

  it('refuses bad and taken names, phones, e-mails and usernames, field by field, in both languages', async () => {
    const first = newCompany();
    expectOk(await call('admin', 'POST', '/sys/company/add', first));
    const sameName = await call(
      'admin',
      'POST',
      '/sys/company/add',
      newCompany({ name: first.name.toUpperCase() }),
      ZH,
    );
    expectConflict(sameName, 'COMPANY_EXISTS', 'name', text('COMPANY_EXISTS', ZH));
    const samePhone = await call('admin', 'POST', '/sys/company/add', newCompany({ phone: first.phone }));
    expectConflict(samePhone, 'PHONE_EXISTS', 'phone', text('PHONE_EXISTS'));
    const sameEmail = await call(
      'admin',
      'POST',
      '/sys/company/add',
      newCompany({ email: first.email.toUpperCase() }),
      ZH,
    );
    expectConflict(sameEmail, 'EMAIL_EXISTS', 'email', text('EMAIL_EXISTS', ZH));
    const sameUser = await call(
      'admin',
      'POST',
      '/sys/company/add',
      newCompany({ username: first.username }),
    );
    expectConflict(sameUser, 'USERNAME_EXISTS', 'username', text('USERNAME_EXISTS'));
    const badPhone = await call('admin', 'POST', '/sys/company/add', newCompany({ phone: '12345' }), ZH);
    expect(badPhone.status).toBe(400);
    expectFieldError(badPhone, 'phone', text('PHONE_INVALID', ZH));
    const badEmail = await call(
      'admin',
      'POST',
      '/sys/company/add',
      newCompany({ email: 'not-an-email' }),
      ZH,
    );
    expect(badEmail.status).toBe(400);
    expectFieldError(badEmail, 'email', text('EMAIL_INVALID', ZH));
    const weak = await call('admin', 'POST', '/sys/company/add', newCompany({ password: 'password' }));
    expectFieldError(weak, 'password', text('PASSWORD_TOO_WEAK'));
    const badType = await call('admin', 'POST', '/sys/company/add', newCompany({ type: 'platform' }));
    expect(badType.status).toBe(400);
    // Nothing of the refused ones was written.
    const rows = await s().app.database.db.select().from(companies).where(ilike(companies.name, first.name));
    expect(rows).toHaveLength(1);
  });

  it('writes all or nothing: a failing administrator insert leaves no company and no department', async () => {
    const body = newCompany();
    const spy = vi.spyOn(s().app.services.users, 'create').mockRejectedValueOnce(new Error('disk full'));
    try {
      const res = await call('admin', 'POST', '/sys/company/add', body);
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const db = s().app.database.db;
    expect(await db.select().from(companies).where(eq(companies.name, body.name))).toEqual([]);
    expect(await db.select().from(departments).where(eq(departments.departName, body.name))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
  });

  it('is for platform staff only', async () => {
    for (const user of ['distributor', 'agent', 'customer']) {
      expectError(await call(user, 'POST', '/sys/company/add', newCompany()), 403, 'NO_OPERATION_PERMISSION');
    }
  });
});

describe('approval of self-registered companies', () => {
  async function register(locale = EN) {
    const u = uniq();
    const body = {
      companyName: `Signed Up ${u}`,
      contactName: 'Sam Signup',
      phone: phoneNo(),
      email: `signup.${u}@example.com`,
      username: `su_${u}`.slice(0, 32),
      password: 'Signup2026x',
      confirmPassword: 'Signup2026x',
    };
    const res = await s().call<{ companyId: string }>('POST', '/sys/user/register', {
      body: await withCaptcha(s(), body),
      locale,
    });
    return { ...body, companyId: expectOk(res).companyId };
  }

  it('blocks sign-in until sales approves; the user is told by an announcement', async () => {
    const reg = await register();
    expectError(await login(reg.username, reg.password, ZH), 403, 'ACCOUNT_NOT_APPROVED', { locale: ZH });
    // An unassigned sign-up is in every sales user's queue.
    const waiting = expectOk(await list('sales', { approvalStatus: 'waiting' }));
    expect(waiting.records.map((c) => c.id)).toContain(reg.companyId);
    const approved = expectOk(await call('sales', 'PUT', '/sys/company/approve', { id: reg.companyId }));
    expect(approved).toMatchObject({ approvalStatus: 'approved' });
    const session = expectOk(await login(reg.username, reg.password));
    // A routine notice (no pop-up) in the reader's language, whichever the reader reads.
    for (const locale of [EN, ZH]) {
      const notices = await s().call<AnnouncementsByUser>('GET', '/sys/annountCement/listByUser', {
        token: session.token,
        locale,
      });
      const notice = expectOk(notices).sysMsgList.find(
        (m) => m.title === text('COMPANY_APPROVED_NOTICE_TITLE', locale),
      );
      expect(notice).toMatchObject({ priority: 'L', openType: '0' });
      expect(notice!.msgContent).toContain(reg.companyName);
      expect(notice!.msgContent).not.toContain(
        text('COMPANY_APPROVED_NOTICE_TITLE', locale === EN ? ZH : EN),
      );
    }
    // The approving sales user now manages it.
    const item = expectOk(
      await call<CompanyListItem>('sales', 'GET', `/sys/company/queryById?id=${reg.companyId}`),
    );
    expect(item.salesUsername).toBe('sales');
    // Twice is refused plainly.
    expectError(
      await call('admin', 'PUT', '/sys/company/approve', { id: reg.companyId }, ZH),
      409,
      'COMPANY_ALREADY_APPROVED',
      { locale: ZH },
    );
    // The decision is in the operation log.
    const db = s().app.database.db;
    await eventually(async () => {
      const log = await db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.action, 'company:approve'), eq(operationLog.username, 'sales')));
      expect(log.length).toBeGreaterThan(0);
    });
  });

  it('a rejection keeps sign-in closed, saying why, in the user’s language', async () => {
    const reg = await register();
    expectError(
      await call('admin', 'PUT', '/sys/company/reject', { id: reg.companyId, reason: ' ' }, ZH),
      400,
      'VALIDATION_FAILED',
      {
        message: false,
      },
    );
    expectOk(
      await call('admin', 'PUT', '/sys/company/reject', { id: reg.companyId, reason: 'No business licence' }),
    );
    expectError(await login(reg.username, reg.password, ZH), 403, 'COMPANY_REJECTED', {
      locale: ZH,
      params: { reason: 'No business licence' },
    });
    const item = expectOk(
      await call<CompanyListItem>('admin', 'GET', `/sys/company/queryById?id=${reg.companyId}`),
    );
    expect(item).toMatchObject({ approvalStatus: 'failed', rejectReason: 'No business licence' });
    // A rejected company may still be approved later; rejecting it again is refused.
    expectError(
      await call('admin', 'PUT', '/sys/company/reject', { id: reg.companyId, reason: 'again' }),
      409,
      'COMPANY_NOT_WAITING',
    );
    expectOk(await call('admin', 'PUT', '/sys/company/approve', { id: reg.companyId }));
    expectOk(await login(reg.username, reg.password));
  });

  /** A demo rate group's id by its name (as the administrator sees it). */
  async function groupNamed(name: string) {
    const page = expectOk(
      await s().call<Page<RateGroup>>('GET', '/sys/feerateGroup/list', {
        token: tokens.admin,
        query: { name, pageNo: '1', pageSize: '50' },
      }),
    );
    const group = page.records.find((g) => g.name === name);
    expect(group, name).toBeDefined();
    return group!;
  }
  const smsGroupOf = async (id: string) =>
    expectOk(
      await call<RateAssignments>('admin', 'GET', `/sys/feerateGroup/assignments?companyId=${id}`),
    ).groups.find((g) => g.kind === 'sms')!;
  /** The company's first preview, as its own user: one Chinese number (routed in the demo). */
  async function firstPreview(reg: { username: string; password: string }) {
    const session = expectOk(await login(reg.username, reg.password));
    return expectOk(
      await s().call<SmsPreview>('POST', '/sms/marketing/preview', {
        token: session.token,
        body: { recipients: [{ number: '8613800138000' }], text: 'Hello' },
      }),
    );
  }

  it('gives the company the platform’s default SMS group, so its first send is priced', async () => {
    const reg = await register();
    const standard = await groupNamed('Standard SMS');
    const offer = expectOk(
      await call<ApprovalRateGroups>('sales', 'GET', `/sys/company/approvalRateGroups?id=${reg.companyId}`),
    );
    expect(offer.defaultGroupId).toBe(standard.id);
    // The platform's SMS groups only: no reseller's, no voice.
    expect(offer.groups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Standard SMS', 'Wholesale SMS']),
    );
    expect(offer.groups.every((g) => g.ownerCompanyId === null)).toBe(true);
    expect(offer.groups.map((g) => g.name)).not.toContain('Standard voice');
    expectOk(await call('sales', 'PUT', '/sys/company/approve', { id: reg.companyId }));
    expect(await smsGroupOf(reg.companyId)).toMatchObject({
      groupId: standard.id,
      groupName: 'Standard SMS',
    });
    const preview = await firstPreview(reg);
    expect(preview.problems).toEqual([]);
    expect(preview.valid).toBe(1);
    expect(Number(preview.amount)).toBeGreaterThan(0);
    // Nothing topped up yet: not covered, and said so (not "unknown").
    expect(preview.covered).toBe(false);
  });

  it('gives a reseller’s customer the reseller’s default; a group out of the approver’s reach is refused, saying why', async () => {
    const created = expectOk(
      await call<CompanyCreated>(
        'admin',
        'POST',
        '/sys/company/add',
        newCompany({ parentCompanyId: NORTHWIND }),
      ),
    );
    const resellerDefault = await groupNamed('Northwind agents SMS');
    // Staff's own additions are approved at once, with the reseller's default group, as an
    // approval without a choice gives it.
    expect((await smsGroupOf(created.id)).groupId).toBe(resellerDefault.id);
    // Waiting for review as a sign-up would be, with no group yet.
    expectOk(
      await call('admin', 'PUT', '/sys/feerateGroup/assign', {
        companyId: created.id,
        kind: 'sms',
        groupId: null,
      }),
    );
    await s()
      .app.database.db.update(companies)
      .set({ approvalStatus: 'waiting' })
      .where(eq(companies.id, created.id));
    const othersGroup = await groupNamed('Acme customers SMS');
    const voice = await groupNamed('Standard voice');
    const offer = expectOk(
      await call<ApprovalRateGroups>('admin', 'GET', `/sys/company/approvalRateGroups?id=${created.id}`),
    );
    expect(offer.defaultGroupId).toBe(resellerDefault.id);
    expect(offer.groups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Standard SMS', 'Northwind agents SMS']),
    );
    expect(offer.groups.map((g) => g.name)).not.toContain('Acme customers SMS');
    for (const locale of [EN, ZH]) {
      expectError(
        await call(
          'admin',
          'PUT',
          '/sys/company/approve',
          { id: created.id, smsRateGroupId: othersGroup.id },
          locale,
        ),
        400,
        'RATE_GROUP_NOT_ASSIGNABLE',
        { locale },
      );
    }
    expect(text('RATE_GROUP_NOT_ASSIGNABLE', ZH)).not.toBe(text('RATE_GROUP_NOT_ASSIGNABLE', EN));
    expectError(
      await call('admin', 'PUT', '/sys/company/approve', { id: created.id, smsRateGroupId: voice.id }),
      400,
      'RATE_GROUP_KIND_MISMATCH',
      { params: { kind: 'sms' } },
    );
    // Refused approvals change nothing: still waiting, no group.
    const still = expectOk(
      await call<CompanyListItem>('admin', 'GET', `/sys/company/queryById?id=${created.id}`),
    );
    expect(still.approvalStatus).toBe('waiting');
    expect((await smsGroupOf(created.id)).groupId).toBeNull();
    expectOk(await call('admin', 'PUT', '/sys/company/approve', { id: created.id }));
    expect((await smsGroupOf(created.id)).groupId).toBe(resellerDefault.id);
  });

  it('gives the group the approver chose among those in reach', async () => {
    const reg = await register();
    const wholesale = await groupNamed('Wholesale SMS');
    expectOk(
      await call('admin', 'PUT', '/sys/company/approve', { id: reg.companyId, smsRateGroupId: wholesale.id }),
    );
    expect((await smsGroupOf(reg.companyId)).groupId).toBe(wholesale.id);
  });

  it('approved without a group, the preview says no price instead of claiming the balance covers it', async () => {
    const reg = await register();
    expectOk(await call('admin', 'PUT', '/sys/company/approve', { id: reg.companyId, smsRateGroupId: null }));
    expect((await smsGroupOf(reg.companyId)).groupId).toBeNull();
    const preview = await firstPreview(reg);
    expect(preview).toMatchObject({ valid: 0, covered: null });
    expect(preview.problems.map((p) => p.reason)).toEqual(['RATE_NOT_FOUND']);
  });

  it('keeps one default per owner and kind: making another the default unmakes the first', async () => {
    const standard = await groupNamed('Standard SMS');
    const promo = expectOk(
      await call<RateGroup>('admin', 'POST', '/sys/feerateGroup/add', {
        name: `Promo ${uniq()}`,
        kind: 'sms',
        isDefault: true,
      }),
    );
    expect(promo.isDefault).toBe(true);
    expect((await groupNamed('Standard SMS')).isDefault).toBe(false);
    // The voice default is another kind's: untouched.
    expect((await groupNamed('Standard voice')).isDefault).toBe(true);
    const reg = await register();
    expect(
      expectOk(
        await call<ApprovalRateGroups>('admin', 'GET', `/sys/company/approvalRateGroups?id=${reg.companyId}`),
      ).defaultGroupId,
    ).toBe(promo.id);
    // Back as it was, through the edit form's switch.
    expectOk(
      await call<RateGroup>('admin', 'PUT', '/sys/feerateGroup/edit', {
        id: standard.id,
        name: standard.name,
        remark: standard.remark,
        isDefault: true,
      }),
    );
    expect((await groupNamed(promo.name)).isDefault).toBe(false);
    expect((await groupNamed('Standard SMS')).isDefault).toBe(true);
  });

  it('two groups made the default at once: both answered, one default after (no clash on the index)', async () => {
    const made = await Promise.all(
      [1, 2].map(async (i) =>
        expectOk(
          await call<RateGroup>('admin', 'POST', '/sys/feerateGroup/add', {
            name: `Race ${i} ${uniq()}`,
            kind: 'sms',
            isDefault: true,
          }),
        ),
      ),
    );
    const defaults = await Promise.all(made.map(async (g) => (await groupNamed(g.name)).isDefault));
    expect(defaults.filter(Boolean)).toHaveLength(1);
    expect((await groupNamed('Standard SMS')).isDefault).toBe(false);
    // Back as it was.
    const standard = await groupNamed('Standard SMS');
    expectOk(
      await call<RateGroup>('admin', 'PUT', '/sys/feerateGroup/edit', {
        id: standard.id,
        name: standard.name,
        remark: standard.remark,
        isDefault: true,
      }),
    );
  });

  it('is for staff only, and an unknown company is not found', async () => {
    const reg = await register();
    for (const user of ['distributor', 'agent', 'customer']) {
      expectError(
        await call(user, 'PUT', '/sys/company/approve', { id: reg.companyId }),
        403,
        'NO_OPERATION_PERMISSION',
      );
    }
    expectError(
      await call('admin', 'PUT', '/sys/company/approve', { id: '00000000-0000-4000-8000-000000000000' }),
      404,
      'COMPANY_NOT_FOUND',
    );
  });
});

describe('freezing and disabling', () => {
  it('signs a frozen company’s users out at once and refuses sign-in until thawed', async () => {
    const body = newCompany();
    const created = expectOk(await call<CompanyCreated>('admin', 'POST', '/sys/company/add', body));
    const token = expectOk(await login(body.username, body.password)).token;
    expect((await s().call('GET', '/sys/balance', { token })).status).toBe(200);
    expect(
      expectOk(
        await call<{ changed: number }>('admin', 'PUT', '/sys/company/frozen', {
          ids: [created.id],
          frozen: true,
        }),
      ),
    ).toEqual({
      changed: 1,
    });
    expect((await s().call('GET', '/sys/balance', { token })).status).toBe(401);
    expectError(await login(body.username, body.password, ZH), 403, 'COMPANY_FROZEN', { locale: ZH });
    expect(expectOk(await list('admin', { status: 'frozen', name: body.name })).records).toHaveLength(1);
    expect(await s().app.services.companies.canSend(created.id)).toBe(false);
    expectOk(await call('admin', 'PUT', '/sys/company/frozen', { ids: [created.id], frozen: false }));
    expectOk(await login(body.username, body.password));
    expect(await s().app.services.companies.canSend(created.id)).toBe(true);
  });

  it('disabling does the same with its own message; nobody freezes their own company', async () => {
    const body = newCompany();
    const created = expectOk(await call<CompanyCreated>('admin', 'POST', '/sys/company/add', body));
    const token = expectOk(await login(body.username, body.password)).token;
    expectOk(await call('admin', 'PUT', '/sys/company/enabled', { ids: [created.id], enabled: false }));
    expect((await s().call('GET', '/sys/balance', { token })).status).toBe(401);
    expectError(await login(body.username, body.password), 403, 'COMPANY_DISABLED');
    expect(expectOk(await list('admin', { status: 'disabled', name: body.name })).records).toHaveLength(1);
    expectOk(await call('admin', 'PUT', '/sys/company/enabled', { ids: [created.id], enabled: true }));
    expectOk(await login(body.username, body.password));
    expectError(
      await call('customer', 'PUT', '/sys/company/frozen', { ids: [DIRECT], frozen: true }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expect((await call('admin', 'PUT', '/sys/company/frozen', { ids: [], frozen: true })).status).toBe(400);
  });
});

describe('sales scope', () => {
  it('sees and manages only the companies assigned to it (and their subtrees)', async () => {
    const sales2 = await tokenOf(s(), 'sales');
    const before = expectOk(await list('sales', { approvalStatus: 'approved' })).records.map((c) => c.id);
    // The demo assigns the two direct customers to sales; the reseller tree is nobody's yet.
    expect(before).toEqual(expect.arrayContaining([DIRECT, TWO_WAY]));
    expect(before).not.toContain(NORTHWIND);
    expect(before).not.toContain(AGENCY_CLIENT);
    expectError(
      await call('sales', 'PUT', '/sys/company/creditLimit', { companyId: ACME, creditLimit: '5' }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectError(
      await call('sales', 'GET', `/sys/company/queryById?id=${NORTHWIND}`),
      403,
      'NO_OPERATION_PERMISSION',
    );
    // Only administrators assign.
    const item = expectOk(
      await call<CompanyListItem>('admin', 'GET', `/sys/company/queryById?id=${NORTHWIND}`),
    );
    const edit = {
      id: NORTHWIND,
      name: item.name,
      contactName: 'Nora North',
      phone: '+12125550199',
      email: 'nora@northwind.example',
      salesUserId: userId('sales'),
    };
    expectOk(await call('admin', 'PUT', '/sys/company/edit', edit));
    const after = expectOk(
      await s().call<Page<CompanyListItem>>('GET', '/sys/company/list', {
        token: sales2,
        query: { approvalStatus: 'approved' },
      }),
    );
    const ids = after.records.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([NORTHWIND, ACME, AGENCY_CLIENT, DIRECT, TWO_WAY]));
    const children = expectOk(await list('sales', { parentCompanyId: NORTHWIND })).records;
    expect(children.map((c) => c.id)).toContain(ACME);
    expect(children.every((c) => c.parentCompanyId === NORTHWIND)).toBe(true);
    // A sales user cannot hand a company to someone else.
    expectError(
      await call('sales', 'PUT', '/sys/company/edit', { ...edit, salesUserId: userId('admin') }),
      403,
      'NO_OPERATION_PERMISSION',
    );
    expectFieldError(
      await call('admin', 'PUT', '/sys/company/edit', { ...edit, salesUserId: userId('customer') }, ZH),
      'salesUserId',
      text('SALES_USER_INVALID', ZH),
    );
    // A sales user's new company is assigned to it.
    const mine = expectOk(await call<CompanyCreated>('sales', 'POST', '/sys/company/add', newCompany()));
    expect(
      expectOk(await call<CompanyListItem>('sales', 'GET', `/sys/company/queryById?id=${mine.id}`))
        .salesUsername,
    ).toBe('sales');
  });
});

describe('PUT /sys/company/creditLimit', () => {
  it('sets the limit through the ledger; staff only; never negative', async () => {
    const created = expectOk(await call<CompanyCreated>('admin', 'POST', '/sys/company/add', newCompany()));
    const res = expectOk(
      await call<{ creditLimit: string }>('admin', 'PUT', '/sys/company/creditLimit', {
        companyId: created.id,
        creditLimit: '25.5',
      }),
    );
    expect(res.creditLimit).toBe('25.500000');
    expect(
      expectOk(await call<CompanyListItem>('admin', 'GET', `/sys/company/queryById?id=${created.id}`))
        .creditLimit,
    ).toBe('25.500000');
    // The charge may now go 25.50 below zero, not a cent more.
    await expect(s().app.services.ledger.charge(created.id, units(26), 'too-much')).rejects.toMatchObject({
      errorCode: 'BALANCE_INSUFFICIENT',
    });
    await s().app.services.ledger.charge(created.id, units(25), 'fits');
    const neg = await call(
      'admin',
      'PUT',
      '/sys/company/creditLimit',
      { companyId: created.id, creditLimit: '-1' },
      ZH,
    );
    expect(neg.status).toBe(400);
    expect(neg.body.errors?.[0]?.field).toBe('creditLimit');
    expectError(
      await call('agent', 'PUT', '/sys/company/creditLimit', { companyId: AGENCY_CLIENT, creditLimit: '5' }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });
});

describe('/sms/agent: a reseller’s customers', () => {
  it('lists only the reseller’s subtree: an agent its customers, a distributor its agents too', async () => {
    expect(
      expectOk(await call<Page<CompanyListItem>>('agent', 'GET', '/sms/agent/customer/list')).records.map(
        (c) => c.id,
      ),
    ).toEqual([AGENCY_CLIENT]);
    const dist = expectOk(
      await call<Page<CompanyListItem>>('distributor', 'GET', '/sms/agent/customer/list'),
    ).records.map((c) => c.id);
    expect(dist).toEqual(expect.arrayContaining([ACME, AGENCY_CLIENT]));
    expect(dist).not.toContain(NORTHWIND);
    expect(dist).not.toContain(DIRECT);
  });

  it('creates a customer under the reseller, approved, whose user signs in as a customer', async () => {
    const body = newCompany();
    const created = expectOk(await call<CompanyCreated>('agent', 'POST', '/sms/agent/customer/add', body));
    expect(created.approvalStatus).toBe('approved');
    const row = expectOk(
      await call<CompanyListItem>('admin', 'GET', `/sys/company/queryById?id=${created.id}`),
    );
    expect(row.parentCompanyId).toBe(ACME);
    // With its reseller's default SMS rate group, as an approval without a choice gives it.
    const assigned = expectOk(
      await call<RateAssignments>('agent', 'GET', `/sys/feerateGroup/assignments?companyId=${created.id}`),
    ).groups.find((g) => g.kind === 'sms');
    expect(assigned?.groupName).toMatch(/^Acme customers/);
    // Its department sits under the agent's department in the tree.
    const db = s().app.database.db;
    const [agentDepart] = await db.select().from(departments).where(eq(departments.agentId, ACME));
    const [own] = await db.select().from(departments).where(eq(departments.departName, body.name));
    expect(own?.parentId).toBe(agentDepart!.id);
    expect(expectOk(await login(body.username, body.password)).userInfo.roles).toEqual(['customer']);
    // An agent cannot make agents; a distributor can.
    expectFieldError(
      await call('agent', 'POST', '/sms/agent/customer/add', newCompany({ type: 'agent' }), ZH),
      'type',
      text('COMPANY_TYPE_NOT_ALLOWED', ZH),
    );
    const sub = newCompany({ type: 'agent' });
    expectOk(await call('distributor', 'POST', '/sms/agent/customer/add', sub));
    expect(expectOk(await login(sub.username, sub.password)).userInfo.roles).toEqual(['agent']);
  });

  it('edits and freezes its own customers only', async () => {
    const body = newCompany();
    const created = expectOk(await call<CompanyCreated>('agent', 'POST', '/sms/agent/customer/add', body));
    const edit = {
      id: created.id,
      name: `${body.name} Renamed`,
      contactName: 'Pat',
      phone: body.phone,
      email: body.email,
    };
    expect(expectOk(await call<CompanyListItem>('agent', 'PUT', '/sms/agent/customer/edit', edit)).name).toBe(
      edit.name,
    );
    expectOk(await call('agent', 'PUT', '/sms/agent/customer/frozen', { ids: [created.id], frozen: true }));
    expectError(await login(body.username, body.password), 403, 'COMPANY_FROZEN');
    expectOk(await call('agent', 'PUT', '/sms/agent/customer/frozen', { ids: [created.id], frozen: false }));
    for (const other of [DIRECT, TWO_WAY, NORTHWIND, ACME]) {
      expectError(
        await call('agent', 'PUT', '/sms/agent/customer/edit', { ...edit, id: other, name: `x ${uniq()}` }),
        403,
        'NO_OPERATION_PERMISSION',
      );
      expectError(
        await call('agent', 'PUT', '/sms/agent/customer/frozen', { ids: [other], frozen: true }),
        403,
        'NO_OPERATION_PERMISSION',
      );
    }
  });

  it('transfers from its own balance to a customer’s: exact, once per key, never beyond its means', async () => {
    const before = expectOk(await call<AgentBalance>('agent', 'GET', '/sms/agent/balance'));
    const client = before.customers.find((c) => c.companyId === AGENCY_CLIENT)!;
    const key = `t-${uniq()}`;
    const poor = await call(
      'agent',
      'POST',
      '/sms/agent/balance/transfer',
      { companyId: AGENCY_CLIENT, amount: '1000000', idempotencyKey: key },
      ZH,
    );
    expectError(poor, 400, 'BALANCE_INSUFFICIENT', { locale: ZH });
    expect(text('BALANCE_INSUFFICIENT', ZH)).toBe('余额不足');
    expectOk(
      await call('admin', 'POST', '/sys/balance/adjust', {
        companyId: ACME,
        direction: 'credit',
        amount: '100',
        reason: 'test money',
        idempotencyKey: `adj-${uniq()}`,
      }),
    );
    const body = { companyId: AGENCY_CLIENT, amount: '12.34', idempotencyKey: key };
    const first = expectOk(
      await call<{ replayed: boolean; balance: string; customerBalance: string }>(
        'agent',
        'POST',
        '/sms/agent/balance/transfer',
        body,
      ),
    );
    const again = expectOk(
      await call<{ replayed: boolean }>('agent', 'POST', '/sms/agent/balance/transfer', body),
    );
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    const after = expectOk(await call<AgentBalance>('agent', 'GET', '/sms/agent/balance'));
    expect(units(0) + BigInt(Math.round(Number(after.balance) * 1e6))).toBe(
      BigInt(Math.round(Number(before.balance) * 1e6)) + units(100) - 12_340_000n,
    );
    const clientAfter = after.customers.find((c) => c.companyId === AGENCY_CLIENT)!;
    expect(
      BigInt(Math.round(Number(clientAfter.balance) * 1e6)) -
        BigInt(Math.round(Number(client.balance) * 1e6)),
    ).toBe(12_340_000n);
    expect(Number(clientAfter.totalIn)).toBeGreaterThanOrEqual(12.34);
    // The same key for another change is refused.
    expectError(
      await call('agent', 'POST', '/sms/agent/balance/transfer', { ...body, amount: '1' }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('never transfers outside its subtree, nor to itself or its parent', async () => {
    for (const other of [DIRECT, TWO_WAY, NORTHWIND, ACME]) {
      expectError(
        await call('agent', 'POST', '/sms/agent/balance/transfer', {
          companyId: other,
          amount: '1',
          idempotencyKey: `x-${uniq()}`,
        }),
        403,
        'NO_OPERATION_PERMISSION',
      );
    }
    const bad = await call(
      'agent',
      'POST',
      '/sms/agent/balance/transfer',
      { companyId: AGENCY_CLIENT, amount: '0', idempotencyKey: 'k' },
      ZH,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('amount');
  });

  it('is closed to customers and staff-only screens stay closed to resellers', async () => {
    for (const user of ['customer', 'customer2', 'agentcustomer']) {
      expectError(await call(user, 'GET', '/sms/agent/customer/list'), 403, 'NO_OPERATION_PERMISSION');
      expectError(await call(user, 'GET', '/sms/agent/balance'), 403, 'NO_OPERATION_PERMISSION');
      expectError(
        await call(user, 'POST', '/sms/agent/customer/add', newCompany()),
        403,
        'NO_OPERATION_PERMISSION',
      );
      expectError(
        await call(user, 'POST', '/sms/agent/balance/transfer', {
          companyId: DIRECT,
          amount: '1',
          idempotencyKey: 'k',
        }),
        403,
        'NO_OPERATION_PERMISSION',
      );
    }
    expectError(
      await call('agent', 'PUT', '/sys/company/approve', { id: AGENCY_CLIENT }),
      403,
      'NO_OPERATION_PERMISSION',
    );
  });
});

/** Row locks and many connections need a real PostgreSQL: PGlite is one session. */
describe.skipIf(!process.env.DATABASE_URL)('agent transfers under concurrency (PostgreSQL)', () => {
  it('200 parallel transfers and charges on one agent end exact, never below its credit limit', async () => {
    const ledger = s().app.services.ledger;
    const body = newCompany({ type: 'agent' });
    const agent = expectOk(await call<CompanyCreated>('admin', 'POST', '/sys/company/add', body));
    const agentToken = expectOk(await login(body.username, body.password)).token;
    const customers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const c = newCompany();
      customers.push(
        expectOk(
          await s().call<CompanyCreated>('POST', '/sms/agent/customer/add', { token: agentToken, body: c }),
        ).id,
      );
    }
    await ledger.credit(agent.id, 'topup', units(10), `seed-${agent.id}`);
    await ledger.setCreditLimit(agent.id, units(2));
    // 12.00 available; 120 transfers of 0.10 (12.00) and 80 charges of 0.05 (4.00): some must be refused.
    const ops = [
      ...Array.from({ length: 120 }, (_, i) => ({ kind: 'transfer' as const, i })),
      ...Array.from({ length: 80 }, (_, i) => ({ kind: 'charge' as const, i })),
    ];
    const results = await Promise.all(
      [...ops, ...ops].map(async (op) => {
        if (op.kind === 'transfer') {
          const res = await s().call<{ replayed: boolean }>('POST', '/sms/agent/balance/transfer', {
            token: agentToken,
            body: { companyId: customers[op.i % 4], amount: '0.1', idempotencyKey: `tr-${op.i}` },
          });
          if (res.status === 200) return res.body.result.replayed ? 'replayed' : 'transfer';
          expect(res.body.errorCode).toBe('BALANCE_INSUFFICIENT');
          return 'refused';
        }
        try {
          const r = await ledger.charge(agent.id, 50_000n, `ch-${op.i}`);
          return r.replayed ? 'replayed' : 'charge';
        } catch (error) {
          expect(error).toMatchObject({ errorCode: 'BALANCE_INSUFFICIENT' });
          return 'refused';
        }
      }),
    );
    const transfers = results.filter((r) => r === 'transfer').length;
    const charges = results.filter((r) => r === 'charge').length;
    const balance = await ledger.balanceOf(agent.id);
    expect(balance.balance).toBe(units(10) - BigInt(transfers) * 100_000n - BigInt(charges) * 50_000n);
    expect(balance.balance).toBeGreaterThanOrEqual(-units(2));
    expect(transfers).toBeLessThanOrEqual(120);
    expect(charges).toBeLessThanOrEqual(80);
    expect(transfers * 2 + charges).toBeGreaterThan(200); // most went through; the floor stopped the rest
    let received = 0n;
    for (const c of customers) received += (await ledger.balanceOf(c)).balance;
    expect(received).toBe(BigInt(transfers) * 100_000n);
    expect((await ledger.reconcile()).differences).toEqual([]);
  });
});
