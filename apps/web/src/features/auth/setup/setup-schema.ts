import { SetupSchema } from '@high5/contract';
import { z } from 'zod';
import type { DistrictChoice, SchoolChoice } from '../components/district-school-picker';

const [teacherBody, studentBody] = SetupSchema.options;

/**
 * The setup body as the screen holds it: the role first (nothing chosen yet), then what that role
 * needs; each missing piece says what to do (docs/rules/shell.md#initial-setup).
 */
export const setupFormSchema = z
  .object({
    role: z.enum([teacherBody.shape.role.value, studentBody.shape.role.value]).nullable(),
    district: z.custom<DistrictChoice | null>(),
    school: z.custom<SchoolChoice | null>(),
    classCode: z.string(),
  })
  .superRefine(({ role, district, school, classCode }, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!role) need('role', 'ROLE_REQUIRED');
    if (role === 'teacher' && school?.kind !== 'existing') need('school', 'SCHOOL_REQUIRED');
    if (role === 'teacher' && !district) need('district', 'DISTRICT_REQUIRED');
    if (role === 'student' && !classCode.trim()) need('classCode', 'CLASS_CODE_REQUIRED');
    else if (role === 'student' && !studentBody.shape.classCode.safeParse(classCode).success) need('classCode', 'invalid');
  })
  .transform(({ role, school, classCode }) =>
    role === 'teacher'
      ? { role, schoolId: school?.kind === 'existing' ? school.id : '' }
      : { role: 'student' as const, classCode: studentBody.shape.classCode.parse(classCode) },
  );
