/** What the stats screen's charts share: the week labels' date and the table behind each chart. */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

import { activeLanguage } from '../../lib/i18n.ts';

/**
 * A week's Monday, YYYY-MM-DD, as the axis shows it, in the page's language: 3/4 (month/day) in
 * English, 4/3 (day/month) in Spanish, as Intl's numeric month and day read in en-US and es-US.
 */
export function shortDate(isoDate: string) {
  const [, m, d] = isoDate.split('-').map(Number);
  return activeLanguage() === 'es' ? `${d}/${m}` : `${m}/${d}`;
}

/**
 * The chart's figures as a table for screen readers: a row a week, "Week of" then `columns`.
 * A table ignores the 1 px box of visually-hidden, so a div carries the class. `visible` shows it
 * on screen too (the minutes chart's "Show the table"), in a box that scrolls sideways on a phone.
 */
export function WeeksTable<Week extends { week_start: string }>({
  caption,
  weeks,
  columns,
  visible = false,
  id,
}: {
  caption: string;
  weeks: readonly Week[];
  columns: readonly { header: string; cell: (week: Week) => ReactNode }[];
  visible?: boolean;
  id?: string;
}) {
  return (
    <div
      id={id}
      className={visible ? 'weeks-table' : 'visually-hidden'}
      // Shown, it may scroll sideways on a narrow phone: a named region that takes the focus.
      {...(visible ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}
    >
      <table>
        {/* Shown, the table sits under the chart's caption, which says the same: its own names it for
            screen readers, and is not cut off when it scrolls sideways on a phone. */}
        <caption className={visible ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Week of</Trans>
            </th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week_start}>
              <td>{week.week_start}</td>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(week)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
