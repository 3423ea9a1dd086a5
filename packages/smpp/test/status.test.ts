/// <reference path="../src/smpp.d.ts" />
import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { COMMAND_STATUS, type CommandStatusName, statusHex, statusMeaning, statusName } from '../src';

describe('command_status', () => {
  it('names every status the smpp library knows, with the same value and a meaning', () => {
    const ours = Object.entries(COMMAND_STATUS);
    expect(ours.map(([name, value]) => [name, value])).toEqual(Object.entries(smpp.errors));
    for (const [name, value] of ours) {
      expect(statusName(value)).toBe(name);
      expect(statusMeaning(value)).toMatch(/\w/);
    }
  });

  it('writes a status it does not know as hex', () => {
    expect(statusName(COMMAND_STATUS.ESME_RTHROTTLED)).toBe('ESME_RTHROTTLED');
    expect(statusName(0x0400)).toBe('0x00000400');
    expect(statusHex(0x58)).toBe('0x00000058');
    expect(statusMeaning(0x0400)).toBeUndefined();
    const name: CommandStatusName = 'ESME_RX_T_APPN';
    expect(COMMAND_STATUS[name]).toBe(0x64);
  });
});
