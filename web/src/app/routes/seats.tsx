import { SeatsPage } from '../../features/seats';

/** /team/seats, 'Plätze' (the team's owner; others see the server's 403 text). */
export default function SeatsRoute() {
  return <SeatsPage />;
}
