import type { Brand, ContactInfo, Page } from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { text, ZH } from './support/api';

let s: TestServer;
let admin: string;
let customer: string;
beforeAll(async () => {
  s = await startServer();
  admin = (await s.login('admin')).token;
  customer = (await s.login('customer')).token;
});
afterAll(() => s.close());

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('branding per domain', () => {
  it('answers the default brand for an unknown domain', async () => {
    const res = await s.call<Brand>('GET', '/sys/customerBrand', {
      query: { customerDomain: 'unknown.example' },
    });
    expect(res.body.result).toEqual({
      brandName: 'Switchboard',
      platformLogo: null,
      isMainBrand: true,
      hideRecharge: false,
      hideLanguage: false,
    });
  });

  it('lets an administrator map a domain to a brand', async () => {
    const add = await s.call<{ id: string }>('POST', '/sys/brand/add', {
      token: admin,
      body: {
        domain: 'Partner.Example',
        brandName: 'PartnerTel',
        logo: PNG,
        hideRecharge: true,
        hideLanguage: true,
      },
    });
    expect(add.status).toBe(200);
    const brand = await s.call<Brand>('GET', '/sys/customerBrand', {
      query: { customerDomain: 'partner.example' },
    });
    expect(brand.body.result).toEqual({
      brandName: 'PartnerTel',
      platformLogo: PNG,
      isMainBrand: false,
      hideRecharge: true,
      hideLanguage: true,
    });
    const dup = await s.call('POST', '/sys/brand/add', {
      token: admin,
      body: { domain: 'partner.example', brandName: 'Again' },
      locale: ZH,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(text('BRAND_DOMAIN_EXISTS', ZH));
    const edit = await s.call('PUT', '/sys/brand/edit', {
      token: admin,
      body: { id: add.body.result.id, domain: 'partner.example', brandName: 'PartnerTel 2' },
    });
    expect(edit.status).toBe(200);
    const list = await s.call<Page<{ brandName: string }>>('GET', '/sys/brand/list', { token: admin });
    expect(list.body.result.records.map((b) => b.brandName)).toEqual(['PartnerTel 2']);
    expect(
      (await s.call('DELETE', '/sys/brand/delete', { token: admin, query: { id: add.body.result.id } }))
        .status,
    ).toBe(200);
  });

  it('refuses logos that are not images or too large, and bad domains', async () => {
    const notImage = await s.call('POST', '/sys/brand/add', {
      token: admin,
      body: { domain: 'a.example', brandName: 'A', logo: 'data:text/html;base64,PHNjcmlwdD4=' },
    });
    expect(notImage.body.errors?.[0]).toEqual({ field: 'logo', message: text('LOGO_INVALID') });
    const big = await s.call('POST', '/sys/brand/add', {
      token: admin,
      body: { domain: 'a.example', brandName: 'A', logo: `data:image/png;base64,${'A'.repeat(300_000)}` },
    });
    expect(big.body.errors?.[0]).toEqual({ field: 'logo', message: text('LOGO_TOO_LARGE') });
    const domain = await s.call('POST', '/sys/brand/add', {
      token: admin,
      body: { domain: "x'; drop table brands; --", brandName: 'A' },
    });
    expect(domain.status).toBe(400);
    expect(domain.body.errors?.[0]?.field).toBe('domain');
  });

  it('is managed by administrators only', async () => {
    const res = await s.call('POST', '/sys/brand/add', {
      token: customer,
      body: { domain: 'b.example', brandName: 'B' },
    });
    expect(res.status).toBe(403);
  });
});

describe('support contacts', () => {
  it('shows enabled contacts in order and the group link, publicly', async () => {
    for (const body of [
      { name: 'Support Bob', telegram: '@support_bob', sort: 2 },
      { name: 'Support Amy', telegram: 'https://t.me/support_amy', sort: 1 },
      { name: 'Hidden', telegram: '@hidden_one', enabled: false },
    ]) {
      expect((await s.call('POST', '/sys/supportContact/add', { token: admin, body })).status).toBe(200);
    }
    await s.call('PUT', '/sys/supportContact/groupLink', {
      token: admin,
      body: { groupLink: 'https://t.me/+group' },
    });
    const list = await s.call<{ name: string; telegram: string }[]>('GET', '/outApi/listDisplay');
    expect(list.body.result).toEqual([
      { name: 'Support Amy', telegram: 'https://t.me/support_amy' },
      { name: 'Support Bob', telegram: '@support_bob' },
    ]);
    const info = await s.call<ContactInfo>('GET', '/outApi/contactInfo');
    expect(info.body.result.groupLink).toBe('https://t.me/+group');
    expect(info.body.result.contacts).toHaveLength(2);
  });

  it('validates contacts and needs the permission to change them', async () => {
    const bad = await s.call('POST', '/sys/supportContact/add', {
      token: admin,
      body: { name: '<script>x</script>', telegram: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['telegram']);
    for (const groupLink of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example']) {
      const link = await s.call('PUT', '/sys/supportContact/groupLink', {
        token: admin,
        body: { groupLink },
      });
      expect(link.status, groupLink).toBe(400);
    }
    const denied = await s.call('POST', '/sys/supportContact/add', {
      token: customer,
      body: { name: 'X', telegram: '@xxxx' },
    });
    expect(denied.status).toBe(403);
  });
});
