import { ClassReport } from './class-report';

/** /TeacherReport: a teacher's report on the classes they teach. */
export default function TeacherReportScreen() {
  return <ClassReport />;
}
