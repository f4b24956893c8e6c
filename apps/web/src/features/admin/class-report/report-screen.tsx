import { ClassReport } from './class-report';

/** /report: the admin's class report (every class of the school). */
export default function ReportScreen() {
  return <ClassReport />;
}
