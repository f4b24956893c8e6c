import type { ClassItem } from '@high5/contract';
import { Box, Button, Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { Empty, headCell, hideOnPhone, Loading, StudentCells, useRefreshAll } from './class-panel-parts';

/** The "Approve" view of a class: students who asked to join, accepted or declined. */
export function ApproveRequests({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const requests = useQuery({ queryKey: classroomKeys.requests(cls.id), queryFn: () => api(e.classRequests, { params: { classId: cls.id } }) });
  const decide = useMutation({
    mutationFn: (enroll: boolean) => api(e.classDecideRequests, { params: { classId: cls.id }, body: { studentIds: [...picked], enroll } }),
    onSuccess: async (result, enroll) => {
      if (result.failedStudentIds.length > 0) notify('warning', t('classes.approveFailed', { count: result.failedStudentIds.length }));
      else notify('success', t(enroll ? 'classes.approved' : 'classes.rejected', { count: picked.size }));
      setPicked(new Set());
      await refresh();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const rows = requests.data ?? [];
  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 2, alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: '1 1 auto' }}>
          {t('classes.requestsTitle', { name: cls.name })}
        </Typography>
        <Button variant="contained" disabled={picked.size === 0 || decide.isPending} onClick={() => decide.mutate(true)}>
          {t('classes.approveSelected', { count: picked.size })}
        </Button>
        <Button color="error" variant="outlined" disabled={picked.size === 0 || decide.isPending} onClick={() => decide.mutate(false)}>
          {t('classes.rejectSelected')}
        </Button>
      </Box>
      <Loading show={requests.isFetching} />
      {requests.data && rows.length === 0 ? (
        <Empty>{t('classes.noRequests')}</Empty>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.requestsTitle', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={rows.length > 0 && rows.every((r) => picked.has(r.id))}
                    onChange={(_event, checked) => setPicked(checked ? new Set(rows.map((r) => r.id)) : new Set())}
                    slotProps={{ input: { 'aria-label': t('classes.selectAll') } }}
                  />
                </TableCell>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={headCell}>{t('columns.grade')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} hover selected={picked.has(s.id)} onClick={() => toggle(s.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={picked.has(s.id)} onClick={(event) => event.stopPropagation()} onChange={() => toggle(s.id)} slotProps={{ input: { 'aria-label': t('classes.selectStudent', { name: s.name }) } }} />
                  </TableCell>
                  <StudentCells s={s} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
