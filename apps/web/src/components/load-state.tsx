/**
 * The one way a screen says that something it reads could not be loaded (issue 28 item 4): the
 * same words, an alert, and a real button that asks again. `QueryState` adds the usual ladder
 * around it: the spinner until the answer comes, the error when none came, then the content.
 */
import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

import './load-state.css';

/**
 * A part of the screen that could not be read, with a way to try again. The button is described
 * by the sentence, so that several on one screen stay apart ("Try again, We couldn’t load …").
 * `what` is in the page's language ('your invoices': the caller words it).
 */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => unknown }) {
  const messageId = useId();
  return (
    <div className="error-box load-error" role="alert">
      <span id={messageId}>
        <Trans>We couldn’t load {what}.</Trans>
      </span>
      <Button variant="secondary" aria-describedby={messageId} onClick={() => void onRetry()}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/** What `QueryState` reads of a query (a TanStack `useQuery` or `useInfiniteQuery` result). */
export type LoadableQuery<T> = { data: T | undefined; isError: boolean; refetch: () => unknown };

/**
 * A query's three states: its content once there is data (kept on screen when a later refresh
 * fails), `LoadError` when the first read failed, the spinner meanwhile (`label`, by default
 * "Loading <what>…"). A retry shows the spinner again, then the content.
 */
export function QueryState<T>({
  query,
  what,
  label,
  children,
}: {
  query: LoadableQuery<T>;
  what: string;
  label?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <LoadError what={what} onRetry={query.refetch} />;
  return <Spinner label={label ?? t`Loading ${what}…`} />;
}
