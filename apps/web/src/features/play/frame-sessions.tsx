/**
 * Every game of the time frame on the stats screen (SPEC §3 Player activity, §7; docs/decisions/0053):
 * hidden until asked for, then read through `next` until the last page (frameSessionsQuery) and
 * listed newest first — when, minutes played, heart-rate rises, cooldowns and acorns earned.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type TimeFrameId } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { formatDateTime, formatDuration, formatNumber } from '../../lib/format.ts';
import { frameSessionsQuery, type FrameSessions as FrameSessionsData } from './play.api.ts';
import './play.css';

function SessionsTable({ data, caption, timeZone }: { data: FrameSessionsData; caption: string; timeZone: string }) {
  const { t } = useLingui();
  const newestFirst = [...data.sessions].reverse();
  const total = formatNumber(data.count);
  const shown = data.sessions.length;
  return (
    <>
      {data.complete ? null : (
        <p className="notice-line">
          {t({
            message: plural(shown, {
              one: `Showing the first # game of ${total}.`,
              other: `Showing the first # games of ${total}.`,
            }),
          })}
        </p>
      )}
      <div className="frame-sessions__scroll">
        <table className="frame-sessions__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>When</Trans>
              </th>
              <th scope="col">
                <Trans>Played</Trans>
              </th>
              <th scope="col">
                <Trans>Heart-rate rises</Trans>
              </th>
              <th scope="col">
                <Trans>Cooldowns</Trans>
              </th>
              <th scope="col">
                <Trans>Acorns</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((session) => (
              <tr key={session.id}>
                <td>{formatDateTime(session.period_datetime, timeZone)}</td>
                <td>{formatDuration(session.seconds_played)}</td>
                <td>{formatNumber(session.hr_rises)}</td>
                <td>{formatNumber(session.cool_downs)}</td>
                <td>{formatNumber(session.acorns_earned)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function FrameSessions({
  playerId,
  playerName,
  frame,
  frameText,
  timeZone,
  totalSessions,
}: {
  playerId: number;
  playerName: string;
  frame: TimeFrameId;
  /** 'the last month', 'all time'. */
  frameText: string;
  timeZone: string;
  totalSessions: number;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const titleId = useId();
  const sessions = useQuery({ ...frameSessionsQuery(playerId, frame), enabled: open });
  if (totalSessions === 0) return null;
  const count = formatNumber(totalSessions);

  return (
    <section className="section frame-sessions" aria-labelledby={titleId}>
      <div className="frame-sessions__head">
        <h2 className="section__title" id={titleId}>
          <Trans>
            Every game in {frameText} ({count})
          </Trans>
        </h2>
        <Button variant="secondary" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          {open ? t`Hide the games` : t`Show the games`}
        </Button>
      </div>
      <div id={regionId} hidden={!open}>
        {open ? (
          <QueryState query={sessions} what={t`${playerName}’s games`}>
            {(data) => (
              <SessionsTable
                data={data}
                caption={t`${playerName}’s games in ${frameText}, newest first`}
                timeZone={timeZone}
              />
            )}
          </QueryState>
        ) : null}
      </div>
    </section>
  );
}
