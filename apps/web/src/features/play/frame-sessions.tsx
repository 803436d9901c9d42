/**
 * Every game of the time frame on the stats screen (SPEC §3 Player activity, §7; docs/decisions/0053):
 * hidden until asked for, then read through `next` until the last page (frameSessionsQuery) and
 * listed newest first — when, minutes played, heart-rate rises, cooldowns and acorns earned.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, type TimeFrameId } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { formatDuration, formatNumber, plural } from '../../lib/format.ts';
import { frameSessionsQuery, type FrameSessions as FrameSessionsData } from './play.api.ts';
import './play.css';

function SessionsTable({ data, caption, timeZone }: { data: FrameSessionsData; caption: string; timeZone: string }) {
  const newestFirst = [...data.sessions].reverse();
  return (
    <>
      {data.complete ? null : (
        <p className="notice-line">
          Showing the first {plural(data.sessions.length, 'game')} of {formatNumber(data.count)}.
        </p>
      )}
      <div className="frame-sessions__scroll">
        <table className="frame-sessions__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Played</th>
              <th scope="col">Heart-rate rises</th>
              <th scope="col">Cooldowns</th>
              <th scope="col">Acorns</th>
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
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const titleId = useId();
  const sessions = useQuery({ ...frameSessionsQuery(playerId, frame), enabled: open });
  if (totalSessions === 0) return null;

  return (
    <section className="section frame-sessions" aria-labelledby={titleId}>
      <div className="frame-sessions__head">
        <h2 className="section__title" id={titleId}>
          Every game in {frameText} ({formatNumber(totalSessions)})
        </h2>
        <Button variant="secondary" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          {open ? 'Hide the games' : 'Show the games'}
        </Button>
      </div>
      <div id={regionId} hidden={!open}>
        {open ? (
          <QueryState query={sessions} what={`${playerName}’s games`}>
            {(data) => (
              <SessionsTable
                data={data}
                caption={`${playerName}’s games in ${frameText}, newest first`}
                timeZone={timeZone}
              />
            )}
          </QueryState>
        ) : null}
      </div>
    </section>
  );
}
