import { describe, expect, it } from 'vitest';
import { typedEntries } from './CallListFormModal';

describe('typedEntries', () => {
  it('reads a number a line, with an optional name and notes after a comma or a tab', () => {
    expect(
      typedEntries('+8613800000000, Li Lei, VIP\n\n8613800000001\tHan\n  8613800000002 ,, later '),
    ).toEqual([
      { number: '+8613800000000', name: 'Li Lei', notes: 'VIP' },
      { number: '8613800000001', name: 'Han', notes: null },
      { number: '8613800000002', name: null, notes: 'later' },
    ]);
  });
});
