import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { commissionKey } from '../src/modules/rate';
import { pgliteDump } from './harness';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

/** Applies, in order, every migration before the one whose name starts with `number`. */
async function applyBefore(db: PGlite, number: string) {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && f < number)
    .sort();
  for (const file of files) await apply(db, file);
}

async function apply(db: PGlite, file: string) {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('migrations on a database that already has data', () => {
  it('0003 keeps companies whose names differ only by case, numbering the younger ones', async () => {
    // A bare cluster from a dump (initdb once per PGlite version), then the migrations one by one.
    const db = await PGlite.create('memory://', { loadDataDir: await pgliteDump('empty') });
    await applyBefore(db, '0003');
    await db.exec(`
      INSERT INTO companies (name, type, created_at) VALUES
        ('Acme', 'direct', now() - interval '3 days'),
        ('ACME', 'direct', now() - interval '2 days'),
        ('acme', 'direct', now() - interval '1 day'),
        ('Other', 'direct', now());
    `);
    await apply(db, '0003_company_name_ci.sql');
    const { rows } = await db.query<{ name: string }>('SELECT name FROM companies ORDER BY created_at');
    expect(rows.map((r) => r.name)).toEqual(['Acme', 'ACME (2)', 'acme (3)', 'Other']);
    await expect(db.exec(`INSERT INTO companies (name, type) VALUES ('OTHER', 'direct')`)).rejects.toThrow(
      /companies_name_lower_uq/,
    );
    await db.close();
  });

  it('0004 puts right what its constraints would refuse, keeps the rest, and then enforces them', async () => {
    const db = new PGlite();
    await applyBefore(db, '0004');
    await db.exec(`
      INSERT INTO companies (id, name, type, parent_company_id) VALUES
        ('00000000-0000-4000-8000-000000000001', 'Parent', 'agent', NULL),
        ('00000000-0000-4000-8000-000000000002', 'Child', 'direct', '00000000-0000-4000-8000-000000000001'),
        ('00000000-0000-4000-8000-000000000003', 'Orphan', 'direct', '00000000-0000-4000-8000-0000000000ff');
      INSERT INTO departments (id, depart_name, org_code, parent_id) VALUES
        ('00000000-0000-4000-8000-000000000011', 'Root', 'R1', NULL),
        ('00000000-0000-4000-8000-000000000012', 'Lost', 'L1', '00000000-0000-4000-8000-0000000000ff');
      INSERT INTO permissions (id, name, menu_type, parent_id, status) VALUES
        ('00000000-0000-4000-8000-000000000021', 'Top', 0, NULL, '1'),
        ('00000000-0000-4000-8000-000000000022', 'Off', 1, '00000000-0000-4000-8000-000000000021', '0'),
        ('00000000-0000-4000-8000-000000000023', 'Stray', 1, '00000000-0000-4000-8000-0000000000ff', '1'),
        ('00000000-0000-4000-8000-000000000024', 'Under stray', 2, '00000000-0000-4000-8000-000000000023', '1');
      INSERT INTO users (id, username, realname, password_hash, email, created_at) VALUES
        ('00000000-0000-4000-8000-000000000031', 'first', 'First', 'x', 'Same@Example.com', now() - interval '2 days'),
        ('00000000-0000-4000-8000-000000000032', 'second', 'Second', 'x', 'same@example.COM', now() - interval '1 day'),
        ('00000000-0000-4000-8000-000000000033', 'third', 'Third', 'x', 'other@example.com', now());
      INSERT INTO announcements (title, msg_content, sender, send_status, created_by) VALUES
        ('Published', 'p', 'Ada', '1', '00000000-0000-4000-8000-0000000000ff'),
        ('Draft', 'd', 'Ada', '0', '00000000-0000-4000-8000-000000000031');
    `);
    await apply(db, '0004_constraints_and_jobs.sql');

    const parents = await db.query<{ name: string; parent: string | null }>(
      'SELECT name, parent_company_id AS parent FROM companies ORDER BY name',
    );
    expect(parents.rows).toEqual([
      { name: 'Child', parent: '00000000-0000-4000-8000-000000000001' },
      { name: 'Orphan', parent: null },
      { name: 'Parent', parent: null },
    ]);
    const departs = await db.query<{ parent_id: string | null }>(
      `SELECT parent_id FROM departments WHERE org_code = 'L1'`,
    );
    expect(departs.rows).toEqual([{ parent_id: null }]);
    // Menu rows under a missing parent were unreachable: they go, with what hung below them.
    const menu = await db.query<{ name: string; status: number }>(
      'SELECT name, status FROM permissions ORDER BY name',
    );
    expect(menu.rows).toEqual([
      { name: 'Off', status: 0 },
      { name: 'Top', status: 1 },
    ]);
    const emails = await db.query<{ username: string; email: string | null }>(
      'SELECT username, email FROM users ORDER BY username',
    );
    expect(emails.rows).toEqual([
      { username: 'first', email: 'Same@Example.com' },
      { username: 'second', email: null },
      { username: 'third', email: 'other@example.com' },
    ]);
    const announcements = await db.query<{ title: string; send_status: number; created_by: string | null }>(
      'SELECT title, send_status, created_by FROM announcements ORDER BY title',
    );
    expect(announcements.rows).toEqual([
      { title: 'Draft', send_status: 0, created_by: '00000000-0000-4000-8000-000000000031' },
      { title: 'Published', send_status: 1, created_by: null },
    ]);

    // The constraints hold from now on.
    await expect(
      db.exec(`INSERT INTO companies (name, type) VALUES ('Bad type', 'reseller')`),
    ).rejects.toThrow(/companies_type_ck/);
    await expect(
      db.exec(
        `INSERT INTO companies (name, type, parent_company_id) VALUES ('No parent', 'direct', '00000000-0000-4000-8000-0000000000aa')`,
      ),
    ).rejects.toThrow(/foreign key/);
    await expect(
      db.exec(
        `INSERT INTO users (username, realname, password_hash, email) VALUES ('x', 'x', 'x', 'OTHER@example.com')`,
      ),
    ).rejects.toThrow(/users_email_lower_uq/);
    await expect(db.exec(`UPDATE users SET status = 3 WHERE username = 'first'`)).rejects.toThrow(
      /users_status_ck/,
    );
    await expect(db.exec(`UPDATE announcements SET priority = 'X'`)).rejects.toThrow(
      /announcements_priority_ck/,
    );
    await db.close();
  });
  it('0025 keeps, on each message that may still be refunded, what its resellers earned on it', async () => {
    const db = await PGlite.create('memory://', { loadDataDir: await pgliteDump('empty') });
    await applyBefore(db, '0025');
    const [agent, customer] = [
      '00000000-0000-4000-8000-0000000000a1',
      '00000000-0000-4000-8000-0000000000c1',
    ];
    const message = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
    await db.exec(`
      INSERT INTO companies (id, name, type, parent_company_id) VALUES
        ('${agent}', 'Agent', 'agent', NULL), ('${customer}', 'Customer', 'direct', '${agent}');
      INSERT INTO sms_messages (id, company_id, kind, source, to_number, text, parts, encoding, price,
          status, valid_until) VALUES
        ('${message(1)}', '${customer}', 'marketing', 'api', '8613800000001', 'x', 1, 'gsm7', 0.05, 'queued', now()),
        ('${message(2)}', '${customer}', 'marketing', 'api', '8613800000002', 'x', 1, 'gsm7', 0.05, 'delivered', now()),
        ('${message(3)}', '${customer}', 'marketing', 'api', '8613800000003', 'x', 1, 'gsm7', 0.05, 'accepted', now());
    `);
    // Entries as rates.chargeMany wrote them then: one commission per message, keyed by commissionKey.
    for (const [seq, n] of [1, 2].entries()) {
      await db.query(
        `INSERT INTO ledger_entries (company_id, account, seq, kind, amount, balance_after, idempotency_key)
         VALUES ($1, 'commission', $2, 'commission', 0.001, $3, $4)`,
        [agent, seq + 1, (seq + 1) / 1000, commissionKey(customer, message(n))],
      );
    }
    await apply(db, '0025_sms_commissions.sql');
    const { rows } = await db.query<{ id: string; commissions: unknown }>(
      'SELECT id, commissions FROM sms_messages ORDER BY id',
    );
    expect(rows).toEqual([
      // Waiting: its commission kept. Delivered: never refunded, left alone. None earned: null.
      { id: message(1), commissions: [{ companyId: agent, amount: '0.001000' }] },
      { id: message(2), commissions: null },
      { id: message(3), commissions: null },
    ]);
    await db.close();
  });

  it('0026 renames the stored callback network error codes (the catalogue knows only the new ones)', async () => {
    const db = await PGlite.create('memory://', { loadDataDir: await pgliteDump('empty') });
    await applyBefore(db, '0026');
    const company = '00000000-0000-4000-8000-00000000c026';
    await db.exec(`
      INSERT INTO companies (id, name, type) VALUES ('${company}', 'C', 'direct');
      INSERT INTO api_callbacks (company_id, last_test_error_code) VALUES ('${company}', 'CALLBACK_TEST_REFUSED');
      INSERT INTO sms_callbacks (message_id, company_id, body, last_error) VALUES
        ('00000000-0000-4000-8000-000000000261', '${company}', '{}', 'CALLBACK_TEST_TIMEOUT'),
        ('00000000-0000-4000-8000-000000000262', '${company}', '{}', 'CALLBACK_URL_NOT_SET');
    `);
    await apply(db, '0026_payment_issues.sql');
    const api = await db.query<{ code: string }>('SELECT last_test_error_code AS code FROM api_callbacks');
    expect(api.rows).toEqual([{ code: 'CALLBACK_REFUSED' }]);
    const sms = await db.query<{ code: string }>(
      'SELECT last_error AS code FROM sms_callbacks ORDER BY message_id',
    );
    expect(sms.rows).toEqual([{ code: 'CALLBACK_TIMEOUT' }, { code: 'CALLBACK_URL_NOT_SET' }]);
    await db.close();
  });
  it('ledger_note_codes turns the notes the platform wrote in English into codes, keeps what people typed', async () => {
    // Found by name: its number may change when branches are merged.
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_ledger_note_codes.sql'))!;
    const db = await PGlite.create('memory://', { loadDataDir: await pgliteDump('empty') });
    await applyBefore(db, file.slice(0, 4));
    const company = '00000000-0000-4000-8000-0000000a0041';
    const customer = '00000000-0000-4000-8000-0000000b0041';
    const staff = '00000000-0000-4000-8000-0000000c0041';
    const notes: [string, string, string | null, string][] = [
      ['topup', '10', null, 'Demo opening balance'],
      ['topup', '5', null, 'Card top-up'],
      ['topup', '5', null, 'Crypto top-up: payment after the order closed'],
      ['adjustment', '-1', null, 'Top-up refunded by the payment provider'],
      ['topup', '2', staff, 'Payment resolved by staff (unknown_order)'],
      ['charge', '-0.5', null, 'premium_otp: 3 SMS'],
      ['charge', '-0.05', null, 'otp CN otp +86138 x2'],
      ['charge', '-0.05', null, 'voice US x3'],
      ['refund', '0.05', null, 'SMS not sent (CANCELLED): refunded'],
      ['transfer_out', '-1', staff, 'transfer 1.00'],
      ['adjustment', '1', staff, 'Top-up refunded by the payment provider'],
      ['adjustment', '1', staff, 'Goodwill for the outage'],
    ];
    let balance = 0;
    const values = notes.map(([kind, amount, actor, note], i) => {
      balance += Number(amount);
      return `('${company}', 'balance', ${i + 1}, '${kind}', ${amount}, ${balance}, '${note}', ${actor ? `'${actor}'` : 'NULL'}, 'k${i}')`;
    });
    await db.exec(`
      INSERT INTO companies (id, name, type) VALUES ('${company}', 'Reseller', 'agent'), ('${customer}', 'Customer', 'direct');
      INSERT INTO ledger_entries (company_id, account, seq, kind, amount, balance_after, note, actor_user_id, idempotency_key)
      VALUES ${values.join(', ')};
      INSERT INTO ledger_entries (company_id, account, seq, kind, amount, balance_after, note, idempotency_key) VALUES
        ('${company}', 'commission', 1, 'commission', 0.01, 0.01, 'company:${customer}', 'c1'),
        ('${company}', 'commission', 2, 'adjustment', -0.01, 0, 'SMS refunded to company:${customer}: commission reversed', 'c2');
    `);
    await apply(db, file);
    const { rows } = await db.query<{ code: string | null; params: unknown; note: string | null }>(
      'SELECT note_code AS code, note_params AS params, note FROM ledger_entries ORDER BY account, seq',
    );
    expect(rows).toEqual([
      { code: 'opening_balance', params: {}, note: null },
      { code: 'topup', params: { method: 'card' }, note: null },
      { code: 'topup_late', params: { method: 'crypto' }, note: null },
      { code: 'topup_reversed', params: {}, note: null },
      { code: 'payment_resolved', params: { reason: 'unknown_order' }, note: null },
      { code: 'sms_batch', params: { kind: 'premium_otp', count: 3 }, note: null },
      { code: 'charge', params: { kind: 'otp', country: 'CN', match: '+86138', parts: 2 }, note: null },
      { code: 'charge', params: { kind: 'voice', country: 'US', match: '', parts: 3 }, note: null },
      { code: 'sms_refund', params: { reason: 'CANCELLED' }, note: null },
      { code: 'transfer', params: { amount: '1.00' }, note: null },
      // Typed by a person: kept as typed.
      { code: null, params: null, note: 'Top-up refunded by the payment provider' },
      { code: null, params: null, note: 'Goodwill for the outage' },
      { code: 'commission', params: { companyId: customer }, note: null },
      { code: 'commission_reversed', params: { companyId: customer }, note: null },
    ]);
    // Append-only again.
    await expect(db.exec(`UPDATE ledger_entries SET note = 'x'`)).rejects.toThrow();
    await db.close();
  });
});
