/**
 * Where notifications appear: two live regions that are always in the page, so that screen
 * readers announce what is added — errors assertively, other notices politely.
 */
import { useSyncExternalStore } from 'react';

import { dismissNotice, getNotices, subscribeNotices, type Notice } from '../lib/notifications.ts';
import { CloseIcon } from './icons.tsx';

function NoticeCard({ notice }: { notice: Notice }) {
  return (
    <div className={`notice notice--${notice.kind}`}>
      <div className="notice__text">
        <p className="notice__title">{notice.title}</p>
        {notice.message ? <p className="notice__message">{notice.message}</p> : null}
      </div>
      <button
        type="button"
        className="notice__close"
        onClick={() => dismissNotice(notice.id)}
        aria-label={`Dismiss: ${notice.title}`}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

export function Notifications() {
  const notices = useSyncExternalStore(subscribeNotices, getNotices, getNotices);
  const errors = notices.filter((notice) => notice.kind === 'error');
  const others = notices.filter((notice) => notice.kind !== 'error');
  return (
    <section className="notifications" aria-label="Notifications">
      <div role="alert" aria-live="assertive" className="notifications__region">
        {errors.map((notice) => (
          <NoticeCard key={notice.id} notice={notice} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="notifications__region">
        {others.map((notice) => (
          <NoticeCard key={notice.id} notice={notice} />
        ))}
      </div>
    </section>
  );
}
