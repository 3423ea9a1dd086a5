import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it('writes minutes and seconds to a tenth', () => {
    expect(formatDuration(0)).toBe('0:00.0');
    expect(formatDuration(1234)).toBe('0:01.2');
    expect(formatDuration(59_960)).toBe('1:00.0');
    expect(formatDuration(264_148)).toBe('4:24.1');
  });
});
