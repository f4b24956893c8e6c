import { adminApi, LIMITS, type AdminCategory, type CategoryKind } from '@high5/contract';
import AddIcon from '@mui/icons-material/Add';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Checkbox, InputAdornment, Paper, Skeleton, TextField, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { categoriesQuery } from '../api';
import { AddCategoryDialog } from './add-category-dialog';

type Row = AdminCategory & { edited: boolean };

const valid = (name: string) => name.trim().length >= 1 && name.trim().length <= LIMITS.categoryNameMax;

/**
 * The category editor (spec 003 section 2.12): an English and a Spanish column, an enable box
 * per row, built-in names locked and the school's own editable; Update saves the changes.
 */
export function CategoryEditor({ kind }: { kind: CategoryKind }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(categoriesQuery(kind));
  const [rows, setRows] = useState<Row[] | null>(null);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (query.data && rows === null) setRows(query.data.map((c) => ({ ...c, edited: false })));
  }, [query.data, rows]);

  const save = useMutation({
    mutationFn: (items: Row[]) =>
      api(adminApi.updateCategories, {
        params: { kind },
        body: { items: items.map((r) => ({ id: r.id, enabled: r.enabled, ...(r.builtIn ? {} : { nameEn: r.nameEn.trim(), nameEs: r.nameEs.trim() }) })) },
      }),
    onSuccess: (list) => {
      queryClient.setQueryData(categoriesQuery(kind).queryKey, list);
      setRows(list.map((c) => ({ ...c, edited: false })));
      notify('success', t('categories.saved'));
    },
    onError: (error) => notify('error', errorText(error)),
  });

  if (query.isError) return <Alert severity="error">{errorText(query.error)}</Alert>;
  if (!rows) return <Skeleton variant="rounded" height={420} aria-label={t('common:loading')} />;

  const changed = rows.filter((r) => r.edited);
  const allValid = rows.every((r) => valid(r.nameEn) && valid(r.nameEs));
  const set = (id: string, patch: Partial<Row>) => setRows((list) => list!.map((r) => (r.id === id ? { ...r, ...patch, edited: true } : r)));
  const title = t(kind === 'high5' ? 'settings.high5Categories' : 'settings.vibeCategories');

  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('categories.help')}
          </Typography>
        </Box>
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setAdding(true)}>
          {t('categories.add')}
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ borderRadius: 3 }}>
        <Box aria-hidden sx={{ display: { xs: 'none', sm: 'grid' }, gridTemplateColumns: '56px 1fr 1fr', gap: 2, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', fontWeight: 700 }}>
          <span>{t('categories.enabled')}</span>
          <span>{t('categories.english')}</span>
          <span>{t('categories.spanish')}</span>
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row, index) => {
            const lock = row.builtIn ? (
              <InputAdornment position="end">
                <Tooltip title={t('categories.locked')}>
                  <LockOutlinedIcon fontSize="small" aria-label={t('categories.locked')} />
                </Tooltip>
              </InputAdornment>
            ) : undefined;
            const nameField = (lang: 'nameEn' | 'nameEs') => (
              <TextField
                size="small"
                label={t(lang === 'nameEn' ? 'categories.english' : 'categories.spanish')}
                value={row[lang]}
                onChange={(e) => set(row.id, { [lang]: e.target.value })}
                error={!valid(row[lang])}
                helperText={!valid(row[lang]) ? t('categories.nameRequired') : undefined}
                slotProps={{ htmlInput: { maxLength: LIMITS.categoryNameMax, readOnly: row.builtIn, lang: lang === 'nameEn' ? 'en' : 'es' }, input: { endAdornment: lock } }}
                sx={{ '& .MuiInputBase-input[readonly]': { color: 'text.secondary' } }}
                fullWidth
              />
            );
            return (
              <Box
                component="li"
                key={row.id}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '48px 1fr', sm: '56px 1fr 1fr' }, gap: { xs: 1, sm: 2 }, alignItems: 'center', px: 2, py: 1.25, borderTop: index ? 1 : 0, borderColor: 'divider', bgcolor: row.enabled ? undefined : 'action.hover' }}
              >
                <Checkbox checked={row.enabled} onChange={(e) => set(row.id, { enabled: e.target.checked })} slotProps={{ input: { 'aria-label': t('categories.enableFor', { name: row.nameEn }) } }} sx={{ gridRow: { xs: 'span 2', sm: 'auto' } }} />
                {nameField('nameEn')}
                {nameField('nameEs')}
              </Box>
            );
          })}
        </Box>
      </Paper>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={changed.length === 0 || !allValid || save.isPending} onClick={() => save.mutate(changed)}>
          {t('actions.update')}
        </Button>
        {changed.length > 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('categories.unsaved', { count: changed.length })}
          </Typography>
        )}
      </Box>
      <AddCategoryDialog
        kind={kind}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(category) => {
          setRows((list) => [...(list ?? []), { ...category, edited: false }]);
          void queryClient.invalidateQueries({ queryKey: categoriesQuery(kind).queryKey, refetchType: 'none' });
        }}
      />
    </Box>
  );
}
