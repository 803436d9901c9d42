/** /login?next=&email= (SPEC §2) inside the app: the login screen with the router's links. */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';

import { primeSignedInUser } from '../../features/auth/auth.api.ts';
import { LoginScreen } from '../../features/auth/login-screen.tsx';
import { destinationAfterLogin } from '../session-rules.ts';

export function LoginRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = search.get('next') ?? '';

  return (
    <LoginScreen
      email={search.get('email') ?? ''}
      link={Link}
      onSignedIn={(user) => {
        primeSignedInUser(queryClient, user);
        void navigate(destinationAfterLogin(user, next), { replace: true });
      }}
    />
  );
}
