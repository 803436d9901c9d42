/**
 * The tablets and phones that run the games (SPEC §3 Device): each with its type and last sync (in
 * the family's time zone, the spec's date format), a kiosk-mode switch — "Waiting for the tablet"
 * until the device has read the change — a new name, and revoking its token after confirming.
 * "Connect a tablet" opens the page where a parent types the code the game shows (issue 25).
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_NAME_MAX, formatDateTime, type FieldRule } from '@grove/domain';
import type { Device, DevicePage } from '@grove/domain/api/account';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Switch } from '../../components/switch.tsx';
import { href } from '../../lib/paths.ts';
import { accountKeys } from '../../lib/queries/account.ts';
import { devicesQuery, renameDevice, revokeDevice, toggleKiosk, withDevice } from './account.api.ts';

const TITLE = 'Devices';
export const KIOSK_PENDING = 'Waiting for the tablet';

const RENAME_FIELDS: readonly FormFieldConfig[] = [
  { name: 'name', label: 'Name', required: true, maxLength: DEVICE_NAME_MAX, autoComplete: 'off' },
];
const RENAME_RULES: Readonly<Record<string, FieldRule>> = {
  name: (value) => (value.trim() === '' ? { message: 'Give the device a name.', severity: 'error' } : null),
};

/** 'tablet' → 'Tablet'. */
function platformWord(platform: string): string {
  return platform === '' ? 'Unknown' : platform.charAt(0).toUpperCase() + platform.slice(1);
}

/** The way to the Connect a tablet page: the card's main action when it has no devices yet. */
function ConnectLink({ primary }: { primary: boolean }) {
  return (
    <p>
      <Link className={`button button--${primary ? 'primary' : 'secondary'}`} to={href('root.user.connect-device')}>
        <span className="button__label">Connect a tablet</span>
      </Link>
    </p>
  );
}

function RenameForm({ accountId, device, onClose }: { accountId: number; device: Device; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (name: string) => renameDevice(accountId, device.id, name),
    onSuccess: (answer) => {
      queryClient.setQueryData(accountKeys.devices(accountId), (page: DevicePage | undefined) =>
        withDevice(page, answer),
      );
      onClose();
    },
    meta: { errorTitle: 'Renaming the device' },
  });
  return (
    <GroveForm
      type="save_cancel"
      title={`Rename ${device.name}`}
      fields={RENAME_FIELDS}
      values={{ name: device.name }}
      rules={RENAME_RULES}
      onSubmit={(values) => mutation.mutateAsync(values.name ?? '')}
      onCancel={onClose}
    />
  );
}

function DeviceRow({
  accountId,
  device,
  timeZone,
  onRename,
  onRevoke,
}: {
  accountId: number;
  device: Device;
  timeZone: string | null;
  onRename: () => void;
  onRevoke: () => void;
}) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const pendingId = useId();
  const toggle = useMutation({
    mutationFn: (on: boolean) => toggleKiosk(accountId, device.id, on),
    onSuccess: (answer) =>
      queryClient.setQueryData(accountKeys.devices(accountId), (page: DevicePage | undefined) =>
        withDevice(page, answer),
      ),
    meta: { errorTitle: `Changing kiosk mode of ${device.name}` },
  });
  const kioskOn = toggle.isPending && toggle.variables !== undefined ? toggle.variables : device.is_kiosk_mode;

  return (
    <li className="account-list__item device">
      <div className="account-list__main">
        <h3 className="device__name" id={nameId}>
          {device.name}
        </h3>
        <dl className="device__facts">
          <div>
            <dt>Type</dt>
            <dd>{platformWord(device.platform)}</dd>
          </div>
          <div>
            <dt>Last sync</dt>
            <dd>{device.last_synced_at ? formatDateTime(device.last_synced_at, timeZone) : 'Not yet'}</dd>
          </div>
          {device.has_token ? null : device.connecting ? (
            <div>
              <dt>Access</dt>
              <dd>Connecting — the tablet finishes by itself in a few seconds</dd>
            </div>
          ) : (
            <div>
              <dt>Access</dt>
              <dd>Revoked — connect the tablet again to use it</dd>
            </div>
          )}
        </dl>
        <div className="device__kiosk">
          <Switch
            label="Kiosk mode"
            checked={kioskOn}
            busy={toggle.isPending}
            labelledByExtra={nameId}
            describedBy={device.kiosk_mode_pending ? pendingId : undefined}
            onChange={(on) => toggle.mutate(on)}
          />
          {device.kiosk_mode_pending ? (
            <p className="device__pending" id={pendingId}>
              <span className="device__pending-dot" aria-hidden="true" />
              {KIOSK_PENDING}
            </p>
          ) : null}
        </div>
      </div>
      <div className="account-list__actions" role="group" aria-label={`Change ${device.name}`}>
        <Button variant="ghost" onClick={onRename}>
          Rename
        </Button>
        {device.has_token || device.connecting ? (
          <Button variant="ghost" onClick={onRevoke}>
            Revoke access
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function DevicesCard({ accountId, timeZone }: { accountId: number; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const query = useQuery(devicesQuery(accountId));
  const [renaming, setRenaming] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<Device | null>(null);

  const revoke = async (device: Device) => {
    const answer = await revokeDevice(accountId, device.id);
    queryClient.setQueryData(accountKeys.devices(accountId), (page: DevicePage | undefined) =>
      withDevice(page, answer),
    );
  };

  let content;
  if (query.isPending) content = <Spinner label="Loading your devices…" />;
  else if (query.isError) content = <LoadError what="your devices" onRetry={query.refetch} />;
  else if (query.data.results.length === 0) {
    content = (
      <>
        <p className="account-card__intro">
          No devices yet. Open the game on your family’s tablet: it shows a code to type in Grove, and the tablet then
          shows here.
        </p>
        <ConnectLink primary />
      </>
    );
  } else {
    content = (
      <>
        <ul className="account-list">
          {query.data.results.map((device) =>
            renaming === device.id ? (
              <li key={device.id} className="account-list__item account-list__item--form">
                <RenameForm accountId={accountId} device={device} onClose={() => setRenaming(null)} />
              </li>
            ) : (
              <DeviceRow
                key={device.id}
                accountId={accountId}
                device={device}
                timeZone={timeZone}
                onRename={() => setRenaming(device.id)}
                onRevoke={() => setRevoking(device)}
              />
            ),
          )}
        </ul>
        <ConnectLink primary={false} />
      </>
    );
  }

  return (
    <AccountCard title={TITLE} intro="Kiosk mode keeps a tablet in the game, so players cannot leave it.">
      {content}
      {revoking ? (
        <ConfirmDialog
          title={`Revoke access of ${revoking.name}?`}
          confirmLabel="Revoke access"
          onConfirm={() => revoke(revoking)}
          onClose={() => setRevoking(null)}
        >
          <p>
            The device stops sending play to Grove until someone signs in to the game on it again. Play already sent
            stays.
          </p>
        </ConfirmDialog>
      ) : null}
    </AccountCard>
  );
}
