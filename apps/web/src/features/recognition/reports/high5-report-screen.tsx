import { ReportScreen } from './report-screen';

/** /highfivereport: the High 5s the user received, by month. */
export default function High5ReportScreen() {
  return <ReportScreen kind="high5" />;
}
