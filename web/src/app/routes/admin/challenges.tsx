import { ChallengesAdminPage } from '../../../features/admin/challenges';

/** /challenges: the nine challenges' names, icons, descriptions and targets; the top three. */
export default function AdminChallengesRoute() {
  return <ChallengesAdminPage />;
}
