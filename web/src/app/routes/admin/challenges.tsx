import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';
import { useT } from '../../../lib/i18n';

export default function AdminChallengesRoute() {
  const t = useT();
  return <PlaceholderPage title={t('admin.challenges')} />;
}
