/**
 * What parents (and staff) change on a player (issue 25 item 2): the name — an edit_save_cancel
 * form (SPEC §4) with the spec's full-name rule, the server's messages under the field — and whether
 * the player is in the program, a buttonless form whose switch saves at once. Each change reads the players again
 * (refreshPlayers), so Home and the Stats selector show it at once.
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { validateFullName } from '@grove/domain';
import type { Player } from '@grove/domain/api/players';

import {
  GroveForm,
  SWITCH_OFF,
  SWITCH_ON,
  type FieldRules,
  type FormFieldConfig,
} from '../../components/form/grove-form.tsx';
import { refreshPlayers, updatePlayer } from './players.api.ts';
import '../../components/switch.css';
import './players.css';

/** A player's name is one field: the full-name rule (SPEC §5, under 114 characters). */
const NAME_RULES = { name: validateFullName };
/** The program switch is on or off: nothing to check. */
const PROGRAM_RULES: FieldRules = { in_program: () => null };

/** The player's name, read-only until Edit. `onSaved` gets the answer and the name it had. */
export function PlayerNameForm({
  player,
  onSaved,
}: {
  player: Player;
  onSaved?: (answer: Player, previousName: string) => Promise<void> | void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const name = player.name;
  const label = t`Name`;
  const fields = useMemo(
    (): readonly FormFieldConfig[] => [{ name: 'name', label, required: true, autoComplete: 'off' }],
    [label],
  );
  return (
    <div className="player-name-form">
      <GroveForm
        type="edit_save_cancel"
        title={t`${name}’s name`}
        fields={fields}
        values={{ name: player.name }}
        rules={NAME_RULES}
        onSubmit={async (values) => {
          const answer = await updatePlayer(player.id, { name: (values.name ?? '').trim() });
          await refreshPlayers(queryClient);
          await onSaved?.(answer, player.name);
        }}
      />
    </div>
  );
}

/**
 * In the program or not (a player out of the program keeps their history and is left out of the
 * weekly summary e-mail): a buttonless form (SPEC §4) — the switch saves as soon as it changes and
 * the form announces "Saved"; a refused change flips back and says why. `labelledBy` names the
 * player, so each switch has its own name.
 */
export function InProgramSwitch({
  player,
  labelledBy,
  describedBy,
  onSaved,
}: {
  player: Player;
  labelledBy: string;
  describedBy?: string;
  onSaved?: (answer: Player) => Promise<void> | void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const name = player.name;
  const label = t`In the program`;
  const fields = useMemo(
    (): readonly FormFieldConfig[] => [
      {
        name: 'in_program',
        label,
        kind: 'switch',
        labelledByExtra: labelledBy,
        describedByExtra: describedBy,
      },
    ],
    [label, labelledBy, describedBy],
  );
  return (
    <GroveForm
      type="buttonless_form"
      title={t`Whether ${name} is in the program`}
      titleHidden
      className="program-form"
      fields={fields}
      values={{ in_program: player.in_program ? SWITCH_ON : SWITCH_OFF }}
      rules={PROGRAM_RULES}
      onSubmit={async (values) => {
        const answer = await updatePlayer(player.id, { in_program: values.in_program === SWITCH_ON });
        await refreshPlayers(queryClient);
        await onSaved?.(answer);
      }}
    />
  );
}
