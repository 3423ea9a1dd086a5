import { describe, expect, it } from 'vitest';
import { type IvrNode, ivrFlowInputSchema, ivrTreeProblems } from '../src/voice-ivr';

const node = (id: string, extra: Partial<IvrNode> = {}): IvrNode => ({
  id,
  fileId: null,
  repeat: 1,
  timeoutS: 5,
  branches: [],
  noKey: { type: 'end', result: '' },
  ...extra,
});

describe('IVR flow rules', () => {
  it('accepts a tree whose branches go to its own nodes, loops included', () => {
    const nodes = [
      node('menu', { branches: [{ key: '1', action: { type: 'goto', node: 'more' } }] }),
      node('more', {
        branches: [{ key: '9', action: { type: 'goto', node: 'menu' } }],
        noKey: { type: 'transfer', number: '+861234' },
      }),
    ];
    expect(ivrTreeProblems(nodes)).toEqual([]);
    expect(ivrFlowInputSchema.safeParse({ name: 'f', nodes }).success).toBe(true);
  });

  it('names each problem with its place: a repeated id, a repeated key, a node that is not there', () => {
    const nodes = [
      node('a', {
        branches: [
          { key: '1', action: { type: 'end', result: 'yes' } },
          { key: '1', action: { type: 'goto', node: 'zz' } },
        ],
        noKey: { type: 'goto', node: 'gone' },
      }),
      node('a'),
    ];
    expect(ivrTreeProblems(nodes)).toEqual([
      { path: ['nodes', 1, 'id'], code: 'IVR_NODE_ID_TAKEN' },
      { path: ['nodes', 0, 'branches', 1, 'key'], code: 'IVR_KEY_TAKEN' },
      { path: ['nodes', 0, 'branches', 1, 'action', 'node'], code: 'IVR_NODE_UNKNOWN' },
      { path: ['nodes', 0, 'noKey', 'node'], code: 'IVR_NODE_UNKNOWN' },
    ]);
  });

  it('bounds repeat, timeout, keys and transfer numbers', () => {
    const parse = (n: Partial<IvrNode>) =>
      ivrFlowInputSchema.safeParse({ name: 'f', nodes: [node('a', n)] }).success;
    expect(parse({ repeat: 0 })).toBe(false);
    expect(parse({ repeat: 6 })).toBe(false);
    expect(parse({ timeoutS: 61 })).toBe(false);
    expect(parse({ branches: [{ key: 'A' as '1', action: { type: 'end', result: '' } }] })).toBe(false);
    expect(parse({ noKey: { type: 'transfer', number: '12' } })).toBe(false);
    expect(parse({ noKey: { type: 'transfer', number: '+8613800138000' } })).toBe(true);
  });
});
