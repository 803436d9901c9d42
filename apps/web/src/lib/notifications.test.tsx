import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_DELAY_MS } from '@grove/domain';

import { Notifications } from '../components/notifications.tsx';
import { NOTICE_LIFETIME_MS, getNotices, notify, notifyError } from './notifications.ts';

describe('notifications', () => {
  it(`appear after the ${NOTIFICATION_DELAY_MS} ms delay, titled by the action`, () => {
    vi.useFakeTimers();
    render(<Notifications />);
    act(() => {
      notifyError('Saving contact details', 'Server error');
    });
    expect(getNotices()).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_DELAY_MS);
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Saving contact details')).toBeInTheDocument();
    expect(within(alert).getByText('Server error')).toBeInTheDocument();
  });

  it('announce errors assertively and other notices politely; only errors stay', () => {
    vi.useFakeTimers();
    render(<Notifications />);
    act(() => {
      notify({ kind: 'success', title: 'Saved' });
      notifyError('Failed to log in!', 'Please make sure your email and password are correct.');
      vi.advanceTimersByTime(NOTIFICATION_DELAY_MS);
    });
    expect(within(screen.getByRole('status')).getByText('Saved')).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText('Failed to log in!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(NOTICE_LIFETIME_MS);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to log in!')).toBeInTheDocument();
  });

  it('show the same notice once when it repeats, and can be dismissed', async () => {
    render(<Notifications />);
    await act(async () => {
      notifyError('Loading players', 'Server error');
      notifyError('Loading players', 'Server error');
      await new Promise((resolve) => setTimeout(resolve, NOTIFICATION_DELAY_MS * 3));
    });
    expect(screen.getAllByText('Loading players')).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss: Loading players' }));
    expect(screen.queryByText('Loading players')).not.toBeInTheDocument();
  });
});
