import { describe, expect, it } from 'vitest';
import { OutcomePicker, parseOutcomeMix, parseRule, ruleMatches, seededRandom } from '../src';
import { parseCliArgs } from '../src/cli';

describe('outcomes', () => {
  it('parses a mix and rejects bad ones', () => {
    expect(parseOutcomeMix('delivered=90,undeliverable=5,expired=3,rejected=1,none=1')).toEqual({
      delivered: 90,
      undeliverable: 5,
      expired: 3,
      rejected: 1,
      none: 1,
    });
    expect(() => parseOutcomeMix('delivered=90,lost=5')).toThrow(/bad outcome "lost=5"/);
    expect(() => parseOutcomeMix('delivered=-1')).toThrow(/>= 0/);
    expect(() => parseOutcomeMix('delivered=0')).toThrow(/add up to 0/);
    expect(() => parseOutcomeMix('delivered=')).toThrow(/bad weight/);
  });

  it('matches destination patterns: prefix*, *suffix, exact, and ignores a leading +', () => {
    expect(ruleMatches('*0000', '+8613800000000')).toBe(true);
    expect(ruleMatches('*0000', '8613800000001')).toBe(false);
    expect(ruleMatches('86138*', '+8613800000001')).toBe(true);
    expect(ruleMatches('86139*', '8613800000001')).toBe(false);
    expect(ruleMatches('8613800000001', '+8613800000001')).toBe(true);
    expect(ruleMatches('*', '1')).toBe(true);
    expect(parseRule('*0000=undeliverable')).toEqual({ match: '*0000', outcome: 'undeliverable' });
    expect(() => parseRule('86*38=delivered')).toThrow(/only at the start or the end/);
    expect(() => parseRule('*0000=gone')).toThrow(/bad rule/);
  });

  it('draws close to the weights, the same way for the same seed', () => {
    const draw = (seed: number) => {
      const picker = new OutcomePicker({ delivered: 90, undeliverable: 10 }, [], seededRandom(seed));
      return Array.from({ length: 2000 }, () => picker.pick('1'));
    };
    const a = draw(1);
    expect(draw(1)).toEqual(a);
    const undeliverable = a.filter((o) => o === 'undeliverable').length;
    expect(undeliverable).toBeGreaterThan(120);
    expect(undeliverable).toBeLessThan(280);
  });
});

describe('command line', () => {
  it('reads the documented example', () => {
    const { options } = parseCliArgs(
      '--port 2775 --account test:secret --tps 100 --receipt-delay 500 --outcomes delivered=90,undeliverable=5,expired=3,rejected=1,none=1'.split(
        ' ',
      ),
    );
    expect(options).toMatchObject({
      port: 2775,
      host: '127.0.0.1',
      accounts: [{ systemId: 'test', password: 'secret', tps: 100 }],
      receiptDelayMs: 500,
      outcomes: { delivered: 90, undeliverable: 5, expired: 3, rejected: 1, none: 1 },
    });
  });

  it('takes several accounts, rules, a seed and id formats', () => {
    const { options, quiet } = parseCliArgs([
      '--account',
      'a:1:50',
      '--account',
      'b:2',
      '--rule',
      '*0000=undeliverable',
      '--seed',
      '42',
      '--id-format',
      'decimal',
      '--receipt-id-format',
      'hex',
      '--quiet',
    ]);
    expect(quiet).toBe(true);
    expect(options.accounts).toEqual([
      { systemId: 'a', password: '1', tps: 50 },
      { systemId: 'b', password: '2' },
    ]);
    expect(options).toMatchObject({
      rules: [{ match: '*0000', outcome: 'undeliverable' }],
      seed: 42,
      idFormat: 'decimal',
      receiptIdFormat: 'hex',
    });
  });

  it('refuses bad values with a message naming the option', () => {
    expect(() => parseCliArgs(['--port', 'x'])).toThrow(/--port/);
    expect(() => parseCliArgs(['--account', 'nopassword'])).toThrow(/--account/);
    expect(() => parseCliArgs(['--id-format', 'octal'])).toThrow(/--id-format/);
    expect(() => parseCliArgs(['--outcomes', 'delivered=x'])).toThrow(/bad weight/);
  });
});
