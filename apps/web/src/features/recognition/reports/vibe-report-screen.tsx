import { ReportScreen } from './report-screen';

/** /positivevibereport: the Positive Vibes the user received, by month. */
export default function VibeReportScreen() {
  return <ReportScreen kind="vibe" />;
}
