import { randomUUID } from 'node:crypto';
import {
  type AnnouncementAdminItem,
  type AnnouncementRecipient,
  type AnnouncementsByUser,
  type Page,
  SEARCH_TEXT_MAX_LENGTH,
  type UserAnnouncementItem,
} from '@switchboard/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, permissions, rolePermissions } from '../src/schema';
import { startServer, type TestServer } from './harness';
import { EN, seededId, text, userId, ZH } from './support/api';

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
/** `u` calls `url` for one announcement (its id in the query). */
const onAnnouncement = <T = unknown>(u: string, method: string, url: string, id: string) =>
  s.call<T>(method, url, { token: token(u), query: { id } });
const publish = (id: string) =>
  onAnnouncement<AnnouncementAdminItem>('admin', 'POST', '/sys/annountCement/doReleaseData', id);
const recipients = (u: string, query: Record<string, string> = {}) =>
  s.call<AnnouncementRecipient[]>('GET', '/sys/annountCement/recipients', { token: token(u), query });
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
    const mine = await onAnnouncement('customer2', 'GET', '/sys/annountCement/queryById', toUser.id);
    expect(mine.status).toBe(200);
    const other = await onAnnouncement('customer', 'GET', '/sys/annountCement/queryById', toUser.id);
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
    const revoked = await onAnnouncement<AnnouncementAdminItem>(
      'admin',
      'POST',
      '/sys/annountCement/doReovkeData',
      a.id,
    );
    expect(revoked.body.result).toMatchObject({ sendStatus: '2' });
    expect(await unreadIds('sales')).not.toContain(a.id);
    const list = await s.call<Page<AnnouncementAdminItem>>('GET', '/sys/annountCement/list', {
      token: token('admin'),
      query: { sendStatus: '2' },
    });
    expect(list.body.result.records.map((r) => r.id)).toContain(a.id);
    const del = await onAnnouncement('admin', 'DELETE', '/sys/annountCement/delete', a.id);
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
    const released = await onAnnouncement<AnnouncementAdminItem>(
      'admin',
      'POST',
      '/sys/announcement/release',
      a.id,
    );
    expect(released.body.result.sendStatus).toBe('1');
    expect((await unread('customer')).sysMsgList.map((x) => x.id)).toContain(a.id);
    const filtered = await s.call<Page<AnnouncementAdminItem>>('GET', '/sys/annountCement/list', {
      token: token('admin'),
      query: { msgCategory: '2', priority: 'M' },
    });
    expect(filtered.body.result.records.map((r) => r.id)).toEqual([a.id]);
    const revoked = await onAnnouncement<AnnouncementAdminItem>(
      'admin',
      'POST',
      '/sys/announcement/revoke',
      a.id,
    );
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
    const forbidden = await onAnnouncement('customer', 'POST', '/sys/announcement/release', a.id);
    expect(forbidden.status).toBe(403);
  });

  it('a reseller given the screen administers only its own announcements, to its own users', async () => {
    const db = s.app.database.db;
    const actions = ['list', 'add', 'edit', 'delete', 'release', 'revoke'];
    const granted = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(
        inArray(
          permissions.perms,
          actions.map((a) => `system:announcement:${a}`),
        ),
      );
    expect(granted).toHaveLength(actions.length);
    const grants = granted.map((p) => ({ roleId: seededId('role:agent'), permissionId: p.id }));
    await db.insert(rolePermissions).values(grants).onConflictDoNothing();
    s.app.services.grants.invalidate();
    const staffs = await create({
      titile: 'Scoped: staff',
      msgContent: 'x',
      msgType: 'USER',
      userIds: [userId('agentcustomer'), userId('customer')],
    });
    const as = (u: string) => ({ token: token(u), headers: { 'accept-language': ZH } });
    const listAs = async (u: string) => {
      const res = await s.call<Page<AnnouncementAdminItem>>('GET', '/sys/annountCement/list', {
        token: token(u),
        query: { title: 'Scoped:' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.records.map((r) => [r.titile, r.recipients.map((x) => x.username)]);
    };
    let own: AnnouncementAdminItem | undefined;
    try {
      // Everyone and roles reach the whole platform: refused, in the caller's language.
      for (const target of [{ msgType: 'ALL' }, { msgType: 'ROLE', roleCodes: ['customer'] }]) {
        const res = await s.call('POST', '/sys/annountCement/add', {
          ...as('agent'),
          body: { titile: 'Scoped: wide', msgContent: 'x', ...target },
        });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          success: false,
          errorCode: 'ANNOUNCEMENT_TARGETS_OUT_OF_SCOPE',
          message: text('ANNOUNCEMENT_TARGETS_OUT_OF_SCOPE', ZH),
        });
      }
      // A user outside its customers is as unknown as one that does not exist.
      const outside = await s.call('POST', '/sys/annountCement/add', {
        token: token('agent'),
        body: { titile: 'Scoped: outside', msgContent: 'x', msgType: 'USER', userIds: [userId('customer')] },
      });
      expect(outside.status).toBe(400);
      expect(outside.body).toMatchObject({ errorCode: 'ANNOUNCEMENT_UNKNOWN_USERS' });
      const added = await s.call<AnnouncementAdminItem>('POST', '/sys/annountCement/add', {
        token: token('agent'),
        body: {
          titile: 'Scoped: agent',
          msgContent: 'x',
          msgType: 'USER',
          userIds: [userId('agentcustomer')],
        },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      own = added.body.result;

      // Its picker offers its own customers' users only, without the user administration's permission.
      const offered = await recipients('agent');
      expect(offered.status, JSON.stringify(offered.body)).toBe(200);
      expect(offered.body.result.map((u) => u.username)).toContain('agentcustomer');
      expect(offered.body.result.map((u) => u.username)).not.toContain('customer');

      // The agent lists its own only; staff list both, with every name.
      expect(await listAs('agent')).toEqual([['Scoped: agent', ['agentcustomer']]]);
      expect(await listAs('admin')).toEqual([
        ['Scoped: agent', ['agentcustomer']],
        ['Scoped: staff', ['agentcustomer', 'customer']],
      ]);
      // Someone else's announcement is not found for any action of the agent, and unchanged.
      const body = {
        id: staffs.id,
        titile: 'Taken over',
        msgContent: 'x',
        msgType: 'USER',
        userIds: [userId('agentcustomer')],
      };
      for (const [method, url] of [
        ['POST', '/sys/annountCement/doReleaseData'],
        ['POST', '/sys/announcement/revoke'],
        ['DELETE', '/sys/annountCement/delete'],
      ] as const) {
        expect((await onAnnouncement('agent', method, url, staffs.id)).status, url).toBe(404);
      }
      expect((await s.call('PUT', '/sys/annountCement/edit', { token: token('agent'), body })).status).toBe(
        404,
      );
      const [kept] = await db.select().from(announcements).where(eq(announcements.id, staffs.id));
      expect(kept).toMatchObject({ title: 'Scoped: staff', sendStatus: 0 });

      // Its own: edited (still within its users), published to its customer, revoked, deleted.
      const edited = await s.call('PUT', '/sys/annountCement/edit', {
        token: token('agent'),
        body: { ...body, id: own.id, titile: 'Scoped: agent, edited', userIds: [userId('customer2')] },
      });
      expect(edited.body).toMatchObject({ errorCode: 'ANNOUNCEMENT_UNKNOWN_USERS' });
      const published = await onAnnouncement<AnnouncementAdminItem>(
        'agent',
        'POST',
        '/sys/annountCement/doReleaseData',
        own.id,
      );
      expect(published.body.result).toMatchObject({ sendStatus: '1' });
      const revoked = await onAnnouncement('agent', 'POST', '/sys/announcement/revoke', own.id);
      expect(revoked.status).toBe(200);
      const deleted = await onAnnouncement('agent', 'DELETE', '/sys/annountCement/delete', own.id);
      expect(deleted.status).toBe(200);
      own = undefined;
    } finally {
      await db.delete(rolePermissions).where(
        and(
          eq(rolePermissions.roleId, seededId('role:agent')),
          inArray(
            rolePermissions.permissionId,
            grants.map((g) => g.permissionId),
          ),
        ),
      );
      s.app.services.grants.invalidate();
      await db.delete(announcements).where(inArray(announcements.id, [staffs.id, ...(own ? [own.id] : [])]));
    }
  });

  it('the recipients picker finds users by username or real name, for those who may open the screen', async () => {
    const byName = await recipients('admin', { keyword: '  Casey ' });
    expect(byName.status).toBe(200);
    expect(byName.body.result).toEqual([
      { id: userId('customer2'), username: 'customer2', realname: expect.stringContaining('Casey') },
    ]);
    const byUsername = (await recipients('admin', { keyword: 'customer' })).body.result.map(
      (u) => u.username,
    );
    expect(byUsername).toEqual(['agentcustomer', 'customer', 'customer2']);
    const tooLong = await recipients('admin', { keyword: 'x'.repeat(SEARCH_TEXT_MAX_LENGTH + 1) });
    expect(tooLong.status).toBe(400);
    expect((await recipients('customer')).status).toBe(403);
  });

  it('names the recipients of a page that chose more users than a statement takes parameters', async () => {
    // Ids of users since deleted, besides one that exists: 70 000 in all, over PostgreSQL's 65 535.
    const rows = Array.from({ length: 7 }, (_, i) => ({
      title: `Many recipients ${i}`,
      msgContent: 'm',
      sender: 'Ada Admin',
      msgType: 'USER',
      userIds: [userId('customer'), ...Array.from({ length: 9_999 }, () => randomUUID())],
    }));
    const inserted = await s.app.database.db
      .insert(announcements)
      .values(rows)
      .returning({ id: announcements.id });
    try {
      const res = await s.call<Page<AnnouncementAdminItem>>('GET', '/sys/annountCement/list', {
        token: token('admin'),
        query: { title: 'Many recipients', pageSize: '10' },
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      expect(res.body.result.records).toHaveLength(7);
      for (const record of res.body.result.records) {
        expect(record.userIds).toHaveLength(10_000);
        expect(record.recipients.map((u) => u.username)).toEqual(['customer']);
      }
    } finally {
      await s.app.database.db.delete(announcements).where(
        inArray(
          announcements.id,
          inserted.map((r) => r.id),
        ),
      );
    }
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
        sendStatus: 1,
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
