import { SettingsPage } from '../../../features/admin/settings';

/** /settings: model engine, tone presets, promo codes, plan ids and quotas. */
export default function AdminSettingsRoute() {
  return <SettingsPage />;
}
