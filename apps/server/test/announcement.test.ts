import type {
  AnnouncementAdminItem,
  AnnouncementsByUser,
  Page,
  UserAnnouncementItem,
} from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../src/db/schema';
import { startServer, type TestServer } from './harness';
import { EN, text, userId, ZH } from './support/api';

let s: TestServer;
const tokens: Record<string, string> = {};
const token = (u: string) => tokens[u]!;

beforeAll(async () => {
  s = await startServer();
  for (const u of ['admin', 'customer', 'customer2', 'agent', 'sales', 'distributor'])
    tokens[u] = (await s.login(u)).token;
});
afterAll(() => s.close());

async function create(body: Record<string, unknown>) {
  const res = await s.call<AnnouncementAdminItem>('POST', '/sys/annountCement/add', {
    token: token('admin'),
    body,
  });
  expect(res.status).toBe(200);
  return res.body.result;
}
const publish = (id: string) =>
  s.call<AnnouncementAdminItem>('POST', '/sys/annountCement/doReleaseData', {
    token: token('admin'),
    query: { id },
  });
const unread = async (u: string) =>
  (await s.call<AnnouncementsByUser>('GET', '/sys/annountCement/listByUser', { token: token(u) })).body
    .result;
const unreadIds = async (u: string) => {
  const r = await unread(u);
  return [...r.anntMsgList, ...r.sysMsgList].map((a) => a.id);
};

describe('announcements', () => {
  it('a draft reaches nobody; published to all it reaches everyone as unread', async () => {
    const a = await create({ titile: 'Maintenance tonight', msgContent: '<p>From 22:00</p>', priority: 'H' });
    expect(a).toMatchObject({
      titile: 'Maintenance tonight',
      sendStatus: '0',
      sender: 'Ada Admin',
      msgType: 'ALL',
    });
    expect(await unreadIds('customer')).not.toContain(a.id);
    const published = await publish(a.id);
    expect(published.body.result).toMatchObject({ sendStatus: '1' });
    expect(published.body.result.sendTime).not.toBeNull();
    for (const u of ['customer', 'agent', 'sales']) expect(await unreadIds(u)).toContain(a.id);
    const list = await unread('customer');
    expect(list.anntMsgTotal).toBe(list.anntMsgList.length);
    expect(list.anntMsgList.find((x) => x.id === a.id)).toMatchObject({
      titile: 'Maintenance tonight',
      msgContent: '<p>From 22:00</p>',
      priority: 'H',
      msgCategory: '1',
    });
  });

  it('targets chosen users and roles only', async () => {
    const toUser = await create({
      titile: 'For customer2',
      msgContent: 'x',
      msgType: 'USER',
      userIds: [userId('customer2')],
    });
    const toRole = await create({
      titile: 'For agents',
      msgContent: 'y',
      msgType: 'ROLE',
      roleCodes: ['agent'],
      msgCategory: '2',
    });
    await publish(toUser.id);
    await publish(toRole.id);
    expect(await unreadIds('customer2')).toContain(toUser.id);
    expect(await unreadIds('customer')).not.toContain(toUser.id);
    expect((await unread('agent')).sysMsgList.map((a) => a.id)).toContain(toRole.id);
    expect(await unreadIds('customer')).not.toContain(toRole.id);
    // queryById only for the addressees
    const mine = await s.call('GET', '/sys/annountCement/queryById', {
      token: token('customer2'),
      query: { id: toUser.id },
    });
    expect(mine.status).toBe(200);
    const other = await s.call('GET', '/sys/annountCement/queryById', {
      token: token('customer'),
      query: { id: toUser.id },
    });
    expect(other.status).toBe(404);
    // A target list is required for USER and ROLE.
    const bad = await s.call('POST', '/sys/annountCement/add', {
      token: token('admin'),
      body: { titile: 'x', msgContent: 'x', msgType: 'USER' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('userIds');
  });

  it('marking read removes it from the unread list and shows in my announcements', async () => {
    const a = await create({ titile: 'Read me', msgContent: 'z', openType: '1' });
    await publish(a.id);
    expect(await unreadIds('customer')).toContain(a.id);
    for (const method of ['PUT', 'POST']) {
      const res = await s.call(method, '/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
        token: token('customer'),
        body: { anntId: a.id },
      });
      expect(res.status).toBe(200);
    }
    expect(await unreadIds('customer')).not.toContain(a.id);
    expect(await unreadIds('agent')).toContain(a.id);
    const mine = await s.call<Page<UserAnnouncementItem>>(
      'GET',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend',
      {
        token: token('customer'),
        query: { title: 'Read me' },
      },
    );
    expect(mine.body.result.records).toHaveLength(1);
    expect(mine.body.result.records[0]).toMatchObject({ id: a.id, readFlag: true, openType: '1' });
    const unreadOnly = await s.call<Page<UserAnnouncementItem>>(
      'GET',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend',
      {
        token: token('customer'),
        query: { readFlag: 'false', pageSize: '100' },
      },
    );
    expect(unreadOnly.body.result.records.map((r) => r.id)).not.toContain(a.id);
    const all = await s.call<{ marked: number }>('PUT', '/sys/sysAnnouncementSend/readAll', {
      token: token('agent'),
    });
    expect(all.body.result.marked).toBeGreaterThan(0);
    expect(await unreadIds('agent')).toEqual([]);
  });

  it('a draft for chosen users carries their names, in the list and from add and edit', async () => {
    const a = await create({
      titile: 'For two customers',
      msgContent: 'x',
      msgType: 'USER',
      userIds: [userId('customer'), userId('customer2')],
    });
    const names = [
      { id: userId('customer'), username: 'customer', realname: 'Chris Customer' },
      { id: userId('customer2'), username: 'customer2', realname: 'Casey Customer' },
    ];
    expect(a.recipients).toEqual(names);
    const list = await s.call<Page<AnnouncementAdminItem>>('GET', '/sys/annountCement/list', {
      token: token('admin'),
      query: { title: 'For two customers' },
    });
    expect(list.body.result.records.map((r) => r.recipients)).toEqual([names]);
    const edited = await s.call<AnnouncementAdminItem>('PUT', '/sys/annountCement/edit', {
      token: token('admin'),
      body: {
        id: a.id,
        titile: 'For one customer',
        msgContent: 'x',
        msgType: 'USER',
        userIds: [userId('customer2')],
      },
    });
    expect(edited.body.result.recipients).toEqual([names[1]]);
    // Sent to everyone: no chosen users.
    const all = await create({ titile: 'For everyone', msgContent: 'x' });
    expect(all.recipients).toEqual([]);
  });

  it('revoking takes it out of the lists; drafts only can be edited', async () => {
    const a = await create({ titile: 'Soon revoked', msgContent: 'r' });
    const edited = await s.call<AnnouncementAdminItem>('PUT', '/sys/annountCement/edit', {
      token: token('admin'),
      body: { id: a.id, titile: 'Soon revoked (edited)', msgContent: 'r2' },
    });
    expect(edited.body.result.titile).toBe('Soon revoked (edited)');
    await publish(a.id);
    const again = await s.call('PUT', '/sys/annountCement/edit', {
      token: token('admin'),
      body: { id: a.id, titile: 'no', msgContent: 'no' },
      locale: ZH,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(text('ANNOUNCEMENT_NOT_DRAFT', ZH));
    expect((await publish(a.id)).status).toBe(409);
    const revoked = await s.call<AnnouncementAdminItem>('POST', '/sys/annountCement/doReovkeData', {
      token: token('admin'),
      query: { id: a.id },
    });
    expect(revoked.body.result).toMatchObject({ sendStatus: '2' });
    expect(await unreadIds('sales')).not.toContain(a.id);
    const list = await s.call<Page<AnnouncementAdminItem>>('GET', '/sys/annountCement/list', {
      token: token('admin'),
      query: { sendStatus: '2' },
    });
    expect(list.body.result.records.map((r) => r.id)).toContain(a.id);
    const del = await s.call('DELETE', '/sys/annountCement/delete', {
      token: token('admin'),
      query: { id: a.id },
    });
    expect(del.status).toBe(200);
    expect((await publish(a.id)).status).toBe(404);
  });

  it('sanitises the HTML content', async () => {
    const a = await create({
      titile: 'Sanitised',
      msgContent:
        '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><b>bold</b></p>',
    });
    expect(a.msgContent).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(a.msgContent).toContain('<b>bold</b>');
    const links = await create({
      titile: 'Links',
      msgContent:
        '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">d</a><a href="https://example.com" target="_blank">ok</a><img src="data:image/png;base64,iVBORw0KGgo=">',
    });
    expect(links.msgContent).not.toContain('data:text/html');
    expect(links.msgContent).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(links.msgContent).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" />');
  });

  it('only administrators manage announcements', async () => {
    for (const [method, path] of [
      ['GET', '/sys/annountCement/list'],
      ['POST', '/sys/annountCement/add'],
      ['POST', '/sys/annountCement/doReleaseData'],
    ] as const) {
      const res = await s.call(method, path, {
        token: token('customer'),
        body: method === 'POST' ? {} : undefined,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(text('NO_OPERATION_PERMISSION'));
    }
    const noSession = await s.call('GET', '/sys/annountCement/listByUser');
    expect(noSession.status).toBe(401);
  });
});

describe('announcement administration extras', () => {
  it('publishes and revokes through the /sys/announcement aliases, filters the list, names the author', async () => {
    const a = await create({ titile: 'Alias route', msgContent: 'a', msgCategory: '2', priority: 'M' });
    expect(a.createdBy).toBe(userId('admin'));
    const released = await s.call<AnnouncementAdminItem>('POST', '/sys/announcement/release', {
      token: token('admin'),
      query: { id: a.id },
    });
    expect(released.body.result.sendStatus).toBe('1');
    expect((await unread('customer')).sysMsgList.map((x) => x.id)).toContain(a.id);
    const filtered = await s.call<Page<AnnouncementAdminItem>>('GET', '/sys/annountCement/list', {
      token: token('admin'),
      query: { msgCategory: '2', priority: 'M' },
    });
    expect(filtered.body.result.records.map((r) => r.id)).toEqual([a.id]);
    const revoked = await s.call<AnnouncementAdminItem>('POST', '/sys/announcement/revoke', {
      token: token('admin'),
      query: { id: a.id },
    });
    expect(revoked.body.result.sendStatus).toBe('2');
    expect(await unreadIds('customer')).not.toContain(a.id);
    const again = await s.call('POST', '/sys/announcement/revoke', {
      token: token('admin'),
      query: { id: a.id },
      locale: ZH,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(text('ANNOUNCEMENT_NOT_PUBLISHED', ZH));
    for (const [body, code] of [
      [
        { msgType: 'USER', userIds: [userId('customer'), '00000000-0000-4000-8000-000000000000'] },
        'ANNOUNCEMENT_UNKNOWN_USERS',
      ],
      [{ msgType: 'ROLE', roleCodes: ['customer', 'no-such-role'] }, 'ANNOUNCEMENT_UNKNOWN_ROLES'],
    ] as const) {
      for (const locale of [EN, ZH]) {
        const bad = await s.call('POST', '/sys/annountCement/add', {
          token: token('admin'),
          body: { titile: 'Nobody', msgContent: 'n', ...body },
          locale,
        });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe(text(code, locale));
      }
    }
    const forbidden = await s.call('POST', '/sys/announcement/release', {
      token: token('customer'),
      query: { id: a.id },
    });
    expect(forbidden.status).toBe(403);
  });

  it('counts every unread one in the totals when the bell lists carry only the newest 200', async () => {
    const before = await unread('distributor');
    const base = Date.now() + 60_000;
    await s.app.database.db.insert(announcements).values(
      Array.from({ length: 205 }, (_, i) => ({
        title: `Bulk ${i}`,
        msgContent: 'b',
        sender: 'Ada Admin',
        msgCategory: i < 5 ? '2' : '1',
        msgType: 'ROLE',
        roleCodes: ['distributor'],
        sendStatus: '1',
        sendTime: new Date(base - i * 1_000),
      })),
    );
    const r = await unread('distributor');
    expect(r.anntMsgList.length + r.sysMsgList.length).toBe(200);
    expect(r.anntMsgTotal).toBe(before.anntMsgTotal + 200);
    expect(r.sysMsgTotal).toBe(before.sysMsgTotal + 5);
    expect(r.anntMsgList[0]?.titile).toBe('Bulk 5');

    // "Mark all read" marks all of them, not only the 200 the bell lists.
    const all = await s.call<{ marked: number }>('PUT', '/sys/sysAnnouncementSend/readAll', {
      token: token('distributor'),
    });
    expect(all.body.result.marked).toBe(before.anntMsgTotal + before.sysMsgTotal + 205);
    const after = await unread('distributor');
    expect([after.anntMsgTotal, after.sysMsgTotal]).toEqual([0, 0]);
  });
});
