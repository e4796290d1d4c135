import { AnalyticsPage } from '../../../features/admin/analytics';

/** /analytics: visitors by range, source and page; page visits per platform. */
export default function AdminAnalyticsRoute() {
  return <AnalyticsPage />;
}
