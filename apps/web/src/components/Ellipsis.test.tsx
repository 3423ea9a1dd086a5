import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Ellipsis } from './Ellipsis';

describe('<Ellipsis>', () => {
  it('shows short text as is', () => {
    render(<Ellipsis text="short" />);
    expect(screen.getByText('short')).toBeTruthy();
    expect(screen.queryByTestId('ellipsis')).toBeNull();
  });

  it('cuts text longer than 25 characters', () => {
    const text = 'abcdefghijklmnopqrstuvwxyz0123';
    render(<Ellipsis text={text} />);
    expect(screen.getByTestId('ellipsis').textContent).toBe('abcdefghijklmnopqrstuvwxy…');
  });
});
