import { useQuery } from '@tanstack/react-query';
import { api, classroomKeys, e } from '../api';

/** A parent's own children at the school. */
export const useMyStudents = () => useQuery({ queryKey: classroomKeys.myStudents(), queryFn: () => api(e.myStudents) });
