/**
 * What parents (and staff) change on a player (issue 25 item 2): the name — an edit_save_cancel
 * form (SPEC §4) with the spec's name rules, the server's messages under the field — and whether
 * the player is in the program, a switch that saves at once. Each change reads the players again
 * (refreshPlayers), so Home and the Stats selector show it at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { validateName } from '@grove/domain';
import type { Player } from '@grove/domain/api/players';

import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { Switch } from '../account/switch.tsx';
import { refreshPlayers, updatePlayer } from './players.api.ts';
import '../account/account.css';
import './players.css';

const NAME_FIELDS: readonly FormFieldConfig[] = [{ name: 'name', label: 'Name', required: true, autoComplete: 'off' }];
const NAME_RULES = { name: validateName };

/** The player's name, read-only until Edit. `onSaved` gets the answer and the name it had. */
export function PlayerNameForm({
  player,
  onSaved,
}: {
  player: Player;
  onSaved?: (answer: Player, previousName: string) => Promise<void> | void;
}) {
  const queryClient = useQueryClient();
  return (
    <div className="player-name-form">
      <GroveForm
        type="edit_save_cancel"
        title={`${player.name}’s name`}
        fields={NAME_FIELDS}
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
 * weekly summary e-mail). `labelledBy` names the player, so each switch has its own name.
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
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (on: boolean) => updatePlayer(player.id, { in_program: on }),
    onSuccess: async (answer) => {
      await refreshPlayers(queryClient);
      await onSaved?.(answer);
    },
    meta: { errorTitle: `Changing whether ${player.name} is in the program` },
  });
  const on = mutation.isPending && mutation.variables !== undefined ? mutation.variables : player.in_program;
  return (
    <Switch
      label="In the program"
      checked={on}
      busy={mutation.isPending}
      labelledByExtra={labelledBy}
      describedBy={describedBy}
      onChange={(next) => mutation.mutate(next)}
    />
  );
}
