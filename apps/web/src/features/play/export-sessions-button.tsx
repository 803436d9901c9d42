/**
 * Export CSV (issue 6 item 8): downloads the player's sessions with the signed-in person's token
 * and saves the file the server names. A failure shows a notification; a success says which file
 * was saved.
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '../../components/button.tsx';
import { notify, notifyError } from '../../lib/notifications.ts';
import { exportSessionsCsv } from './play.api.ts';

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon"
    >
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
    </svg>
  );
}

export function ExportSessionsButton({ playerId, playerName }: { playerId: number; playerName: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const filename = await exportSessionsCsv(playerId, `${playerName.toLowerCase() || 'player'}-sessions.csv`);
      notify({
        kind: 'success',
        title: t`Sessions exported`,
        message: t`${playerName}’s sessions were saved as ${filename}.`,
      });
    } catch (error) {
      notifyError(t`Exporting sessions`, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  const hintId = `export-hint-${playerId}`;
  return (
    <>
      <Button
        variant="secondary"
        icon={<DownloadIcon />}
        loading={busy}
        onClick={() => void run()}
        aria-describedby={hintId}
      >
        <Trans>Export CSV</Trans>
      </Button>
      <span id={hintId} className="visually-hidden">
        <Trans>Downloads all of {playerName}’s sessions as a spreadsheet file.</Trans>
      </span>
    </>
  );
}
