/**
 * "Compare with" on the stats screen (issue 29 item 2): one of the family's other players, drawn
 * beside the selected one on the weekly minutes chart. Shown only when there is another player.
 * The choice lives in the address (`compare`), so it survives a reload; the screen passes it in
 * and is told of a new one.
 */
import { useId } from 'react';
import { Trans } from '@lingui/react/macro';

import './weekly-minutes-chart.css';

/**
 * The player `compare` names in the address, when it is another player of the family than the
 * selected one; else none (an id of no one here, the selected player itself, or no number).
 */
export function comparedPlayer<P extends { id: number }>(
  param: string | null,
  players: readonly P[],
  selectedId: number,
): P | null {
  if (param === null || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id === selectedId ? null : (players.find((player) => player.id === id) ?? null);
}

export function CompareSelect({
  players,
  selectedId,
  compareId,
  onChange,
}: {
  players: readonly { id: number; name: string }[];
  selectedId: number;
  compareId: number | null;
  onChange: (playerId: number | null) => void;
}) {
  const id = useId();
  const others = players.filter((player) => player.id !== selectedId);
  if (others.length === 0) return null;
  return (
    <div className="compare-select">
      <label className="compare-select__label" htmlFor={id}>
        <Trans>Compare with</Trans>
      </label>
      <select
        id={id}
        className="input select compare-select__input"
        value={compareId === null ? '' : String(compareId)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">
          <Trans>No one</Trans>
        </option>
        {others.map((player) => (
          <option key={player.id} value={String(player.id)}>
            {player.name}
          </option>
        ))}
      </select>
    </div>
  );
}
