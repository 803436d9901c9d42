/**
 * A page that opens a one-time link from an e-mail (the e-mail change, the weekly summary's
 * unsubscribe): it sends the link's token once, says it is working, then shows the answer or why
 * the link did not work, and where to go next.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { errorText } from '@grove/domain';

import { usePageTitle } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { domainText } from '../../lib/i18n.ts';
import '../../components/account-card.css';
import './account.css';

/**
 * What a refused link says: its field message (the token's), else the answer's detail (the
 * domain's words, in the page's language).
 */
export function linkFailureText(failure: unknown): string {
  if (failure instanceof ApiError) {
    return domainText(Object.values(failure.fieldErrors).flat()[0] ?? failure.nonFieldErrors[0] ?? failure.message);
  }
  return domainText(errorText(failure));
}

export function LinkAnswer<T>({
  token,
  send,
  missingToken,
  titles,
  done,
  onDone,
  next,
}: {
  token: string;
  send: (token: string) => Promise<T>;
  /** What a link without its token says. */
  missingToken: string;
  titles: { working: string; done: string; failed: string };
  done: (answer: T) => ReactNode;
  onDone?: (answer: T) => void;
  /** Where to go next: after the answer, or after a failure. */
  next: (answer: T | null) => ReactNode;
}) {
  // Re-renders in a new language (the failure's words are the domain's: domainText).
  useLingui();
  // The page shows the failure itself: no notification.
  const mutation = useMutation({ mutationFn: send, onSuccess: onDone });
  const sent = useRef(false);
  const { mutate } = mutation;
  useEffect(() => {
    // Once per page: the link works only once.
    if (sent.current || token === '') return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failed = token === '' || mutation.isError;
  const title = failed ? titles.failed : mutation.isSuccess ? titles.done : titles.working;
  usePageTitle(title);

  return (
    <div className="auth-card link-answer">
      <h1 className="auth-card__title">{title}</h1>
      <div role="status">
        {failed ? (
          <p className="error-box">{token === '' ? domainText(missingToken) : linkFailureText(mutation.error)}</p>
        ) : mutation.isSuccess ? (
          <p>{done(mutation.data)}</p>
        ) : (
          <Spinner label={titles.working} />
        )}
      </div>
      {failed || mutation.isSuccess ? next(mutation.data ?? null) : null}
    </div>
  );
}
