/** On the developer variants (four leading segments), a strip naming the build being previewed. */
import { useParams } from 'react-router';
import { Trans } from '@lingui/react/macro';

export function DevBanner() {
  const { storage, environment, branchType, branch } = useParams();
  if (!storage || !environment || !branchType || !branch) return null;
  return (
    <p className="dev-banner">
      <Trans>
        Preview build · {environment} · {branchType}/{branch} <span className="dev-banner__storage">({storage})</span>
      </Trans>
    </p>
  );
}
