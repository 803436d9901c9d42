/** On the developer variants (four leading segments), a strip naming the build being previewed. */
import { useParams } from 'react-router';

export function DevBanner() {
  const { storage, environment, branchType, branch } = useParams();
  if (!storage || !environment || !branchType || !branch) return null;
  return (
    <p className="dev-banner">
      Preview build · {environment} · {branchType}/{branch} <span className="dev-banner__storage">({storage})</span>
    </p>
  );
}
