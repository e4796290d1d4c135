import { ProgressPage } from '../../features/progress';

/** /progress, 'Mein Fortschritt' (every signed-in user, guests too). */
export default function ProgressRoute() {
  return <ProgressPage />;
}
