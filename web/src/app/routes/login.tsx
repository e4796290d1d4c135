import { FullPageSpinner } from '../../components/ui/Spinner';
import { LoginPage } from '../../features/auth';
import { useAuth } from '../../lib/auth';

/** /login: waits for the session check at start, then the login page. */
export default function LoginRoute() {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner />;
  return <LoginPage />;
}
