/**
 * Staff edit a player's game settings (SPEC §1, §6; issue 6): gauge and chase speed are set to a
 * new value, acorns are added (a negative amount takes some back), each with a reason that goes
 * to the audit trail. Each setting is an edit_save_cancel form checked by the domain's rules (the
 * server applies the same ones); what only the server knows (the balance never below 0) comes back
 * as a field message under the field.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  validateAcornAmount,
  validateStatReason,
  validateStatValue,
  type FieldRule,
  type StatSetting,
} from '@grove/domain';
import type { Player } from '@grove/domain/api/players';

import { GroveForm, type FormFieldConfig, type FormValues } from '../../components/form/grove-form.tsx';
import { AcornMascot, ChaseSpeedIcon, GaugeIcon } from '../../components/icons.tsx';
import { formatNumber } from '../../lib/format.ts';
import { notify } from '../../lib/notifications.ts';
import { playerKeys } from '../../lib/queries/players.ts';
import { addAcorns, setPlayerSetting } from './players.api.ts';

const SETTING_RULES: Readonly<Record<StatSetting, Readonly<Record<string, FieldRule>>>> = {
  hr_gauge: { value: validateStatValue('hr_gauge'), reason: validateStatReason },
  chase_speed: { value: validateStatValue('chase_speed'), reason: validateStatReason },
};
const ACORN_RULES: Readonly<Record<string, FieldRule>> = { amount: validateAcornAmount, reason: validateStatReason };

const REASON_FIELD: FormFieldConfig = {
  name: 'reason',
  label: 'Reason for the change',
  kind: 'textarea',
  required: true,
  editingOnly: true,
  hint: 'Kept in the player’s change history with your name.',
};

/** A number typed in a field; anything else is sent as null and the server says what it needs. */
function toNumber(text: string): number | null {
  const trimmed = text.trim();
  const number = Number(trimmed);
  return trimmed === '' || !Number.isFinite(number) ? null : number;
}

const SETTINGS: Record<StatSetting, { label: string; lower: string; hint: string; icon: typeof GaugeIcon }> = {
  hr_gauge: { label: 'Gauge', lower: 'gauge', hint: 'The level of the game’s heart-rate gauge.', icon: GaugeIcon },
  chase_speed: {
    label: 'Chase speed',
    lower: 'chase speed',
    hint: 'How fast the chase game runs.',
    icon: ChaseSpeedIcon,
  },
};

function SettingForm({ player, field, onSaved }: { player: Player; field: StatSetting; onSaved: () => Promise<void> }) {
  const setting = SETTINGS[field];
  const Icon = setting.icon;
  const fields: FormFieldConfig[] = [
    { name: 'value', label: setting.label, required: true, inputMode: 'numeric', hint: setting.hint },
    REASON_FIELD,
  ];
  const submit = async (values: FormValues) => {
    const answer = await setPlayerSetting(player.id, field, {
      value: toNumber(values.value ?? ''),
      reason: values.reason ?? '',
    });
    await onSaved();
    notify({
      kind: 'success',
      title: `${setting.label} saved`,
      message: `${player.name}’s ${setting.lower} is now ${answer[field]}.`,
    });
  };
  return (
    <div className="setting">
      <span className="setting__icon" aria-hidden="true">
        <Icon size={22} />
      </span>
      <GroveForm
        type="edit_save_cancel"
        title={`${setting.label} of ${player.name}`}
        fields={fields}
        values={{ value: String(player[field]), reason: '' }}
        rules={SETTING_RULES[field]}
        onSubmit={submit}
      />
    </div>
  );
}

function AcornsForm({ player, onSaved }: { player: Player; onSaved: () => Promise<void> }) {
  const fields: FormFieldConfig[] = [
    {
      name: 'amount',
      label: 'Acorns to add',
      required: true,
      inputMode: 'numeric',
      editingOnly: true,
      hint: 'A negative number takes acorns back.',
    },
    REASON_FIELD,
  ];
  const submit = async (values: FormValues) => {
    const answer = await addAcorns(player.id, { amount: toNumber(values.amount ?? ''), reason: values.reason ?? '' });
    await onSaved();
    notify({
      kind: 'success',
      title: 'Acorns saved',
      message: `${player.name} now has ${formatNumber(answer.acorns)} acorns.`,
    });
  };
  return (
    <div className="setting">
      <span className="setting__icon setting__icon--acorn" aria-hidden="true">
        <AcornMascot size={26} />
      </span>
      <GroveForm
        type="edit_save_cancel"
        title={`Acorns of ${player.name}`}
        description={`Balance: ${formatNumber(player.acorns)} acorns`}
        fields={fields}
        values={{ amount: '', reason: '' }}
        rules={ACORN_RULES}
        onSubmit={submit}
        saveLabel="Add acorns"
      />
    </div>
  );
}

/**
 * One player's gauge, chase speed and acorns for staff. After a change the account's player
 * records are loaded again; `onSaved` lets the screen refresh what else shows the player.
 */
export function PlayerSettingsEditor({
  player,
  onSaved,
}: {
  player: Player;
  onSaved?: (playerId: number) => Promise<void> | void;
}) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: playerKeys.all }), onSaved?.(player.id)]);
  };
  return (
    <div className="settings-grid">
      <SettingForm player={player} field="hr_gauge" onSaved={refresh} />
      <SettingForm player={player} field="chase_speed" onSaved={refresh} />
      <AcornsForm player={player} onSaved={refresh} />
    </div>
  );
}
