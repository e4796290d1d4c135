import { HelpPage } from '../../features/help';

/** /help 'Hilfe & Anleitung': open to everyone (signed out in the public frame). */
export default function HelpRoute() {
  return <HelpPage />;
}
