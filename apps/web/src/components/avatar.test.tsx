import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Avatar, initialsOf } from './avatar.tsx';

describe('avatar', () => {
  it('shows a player’s first letter and a person’s first and last initials, hidden from screen readers', () => {
    expect(initialsOf('maya')).toBe('M');
    expect(initialsOf('Robin de Vries', true)).toBe('RV');
    expect(initialsOf('Ana', true)).toBe('A');
    expect(initialsOf('   ')).toBe('');
    const { container } = render(<Avatar name="Robin de Vries" person size="xlarge" />);
    const badge = container.querySelector('.avatar');
    expect(badge?.textContent).toBe('RV');
    expect(badge?.getAttribute('aria-hidden')).toBe('true');
    expect(badge?.className).toContain('avatar--xlarge');
  });
});
