/**
 * Where notifications appear: two live regions that are always in the page, so that screen
 * readers announce what is added — errors assertively, other notices politely.
 */
import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';

import { domainText } from '../lib/i18n.ts';
import { dismissNotice, getNotices, subscribeNotices, type Notice } from '../lib/notifications.ts';
import { CloseIcon } from './icons.tsx';

function NoticeCard({ notice }: { notice: Notice }) {
  const { t } = useLingui();
  // A domain message (a refusal's words, SPEC §8's titles) in the page's language; a screen's own
  // words are translated already.
  const title = domainText(notice.title);
  return (
    <div className={`notice notice--${notice.kind}`}>
      <div className="notice__text">
        <p className="notice__title">{title}</p>
        {notice.message ? <p className="notice__message">{domainText(notice.message)}</p> : null}
      </div>
      <button
        type="button"
        className="notice__close"
        onClick={() => dismissNotice(notice.id)}
        aria-label={t`Dismiss: ${title}`}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

export function Notifications() {
  const { t } = useLingui();
  const notices = useSyncExternalStore(subscribeNotices, getNotices, getNotices);
  const errors = notices.filter((notice) => notice.kind === 'error');
  const others = notices.filter((notice) => notice.kind !== 'error');
  return (
    <section className="notifications" aria-label={t`Notifications`}>
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
