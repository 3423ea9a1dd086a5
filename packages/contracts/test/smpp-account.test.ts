import { describe, expect, it } from 'vitest';
import {
  generateSmppPassword,
  SMPP_PASSWORD_GENERATED,
  SMPP_PASSWORD_SPEC_MAX,
  smppAccountInputSchema,
} from '../src';

describe('SMPP account passwords', () => {
  it('generates strong passwords the schema accepts: letters and digits, never the same twice', () => {
    const passwords = Array.from({ length: 200 }, () => generateSmppPassword());
    for (const password of passwords) expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
    expect(new Set(passwords.map((p) => p.length))).toEqual(new Set([SMPP_PASSWORD_GENERATED]));
    expect(new Set(passwords).size).toBe(passwords.length);
    expect(generateSmppPassword(SMPP_PASSWORD_SPEC_MAX)).toHaveLength(SMPP_PASSWORD_SPEC_MAX);
    const base = { systemId: 'esme1', companyId: '00000000-0000-4000-8000-000000000000' };
    expect(smppAccountInputSchema.safeParse({ ...base, password: passwords[0] }).success).toBe(true);
    expect(smppAccountInputSchema.safeParse(base).success).toBe(true);
    expect(smppAccountInputSchema.safeParse({ ...base, password: 'short' }).success).toBe(false);
  });
});
