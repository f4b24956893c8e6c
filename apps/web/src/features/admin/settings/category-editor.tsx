import { LIMITS, type AdminCategory, type CategoryKind } from '@high5/contract';
import AddIcon from '@mui/icons-material/Add';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Checkbox, InputAdornment, Paper, Skeleton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSaveOutcome } from '../../../components/form/save-outcome';
import { useErrorText } from '../../../lib/use-error-text';
import { useCategories } from '../api';
import { AddCategoryDialog } from './add-category-dialog';
import { useSaveCategories } from './api';
import { categoriesUpdate, categoryListForm, categoryRow, changedRows } from './category-form';

/**
 * The category editor (docs/rules/administration.md#categories): an English and a Spanish column, an enable box
 * per row, built-in names locked and the school's own editable; Update saves the changes.
 */
export function CategoryEditor({ kind }: { kind: CategoryKind }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const categories = useCategories(kind);
  if (categories.isError) return <Alert severity="error">{errorText(categories.error)}</Alert>;
  if (!categories.data) return <Skeleton variant="rounded" height={420} aria-label={t('common:loading')} />;
  return <CategoryList kind={kind} saved={categories.data} />;
}

const REQUIRED = { 'errors:field.required': 'admin:categories.nameRequired' };

/**
 * The rows as a form, filled once from the saved list: each row's fields are `items.<index>.*`, keyed by the
 * category's id; a category added meanwhile is appended as saved. What differs from `saved` is what Update sends.
 * (react-hook-form is one module on the sign-in page: its useFieldArray would weigh 1.5 KB there, decision 0328.)
 */
function CategoryList({ kind, saved }: { kind: CategoryKind; saved: AdminCategory[] }) {
  const { t } = useTranslation('admin');
  const [adding, setAdding] = useState(false);
  const form = useContractForm(categoryListForm, { mode: 'onChange', defaultValues: { items: saved.map(categoryRow) } });
  const rows = useWatch({ control: form.control, name: 'items' });
  const append = (category: AdminCategory) => form.setValue('items', [...form.getValues('items'), categoryRow(category)]);
  const changed = changedRows(rows, saved);
  const save = useSaveCategories(kind);
  const outcome = useSaveOutcome(form, 'admin');
  const submit = form.handleSubmit((values) =>
    save.mutate(
      categoriesUpdate(changedRows(values.items, saved)),
      outcome({ saved: () => t('categories.saved'), done: (list) => form.reset({ items: list.map(categoryRow) }) }),
    ),
  );
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
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Paper variant="outlined" sx={{ borderRadius: 3 }}>
          <Box
            aria-hidden
            sx={{
              display: { xs: 'none', sm: 'grid' },
              gridTemplateColumns: '56px 1fr 1fr',
              gap: 2,
              px: 2,
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
              fontWeight: 700,
            }}
          >
            <span>{t('categories.enabled')}</span>
            <span>{t('categories.english')}</span>
            <span>{t('categories.spanish')}</span>
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((row, index) => {
              // While a name is retyped (blank for a moment) the box keeps its label: the saved name.
              const name = row.nameEn.trim() || (saved.find((c) => c.id === row.id)?.nameEn ?? '');
              const lock = row.builtIn ? (
                <InputAdornment position="end">
                  <Tooltip title={t('categories.locked')}>
                    <LockOutlinedIcon fontSize="small" aria-label={t('categories.locked')} />
                  </Tooltip>
                </InputAdornment>
              ) : undefined;
              const nameField = (lang: 'nameEn' | 'nameEs') => (
                <FormTextField
                  control={form.control}
                  name={`items.${index}.${lang}`}
                  area="admin"
                  messages={REQUIRED}
                  size="small"
                  label={t(lang === 'nameEn' ? 'categories.english' : 'categories.spanish')}
                  slotProps={{
                    htmlInput: { maxLength: LIMITS.categoryNameMax, readOnly: row.builtIn, lang: lang === 'nameEn' ? 'en' : 'es' },
                    input: { endAdornment: lock },
                  }}
                  sx={{ '& .MuiInputBase-input[readonly]': { color: 'text.secondary' } }}
                  fullWidth
                />
              );
              return (
                <Box
                  component="li"
                  key={row.id}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '48px 1fr', sm: '56px 1fr 1fr' },
                    gap: { xs: 1, sm: 2 },
                    alignItems: 'center',
                    px: 2,
                    py: 1.25,
                    borderTop: index ? 1 : 0,
                    borderColor: 'divider',
                    bgcolor: row.enabled ? undefined : 'action.hover',
                  }}
                >
                  <Controller
                    control={form.control}
                    name={`items.${index}.enabled`}
                    render={({ field: box }) => (
                      <Checkbox
                        checked={box.value}
                        onChange={(e) => box.onChange(e.target.checked)}
                        onBlur={box.onBlur}
                        slotProps={{ input: { ref: box.ref, 'aria-label': t('categories.enableFor', { name }) } }}
                        sx={{ gridRow: { xs: 'span 2', sm: 'auto' } }}
                      />
                    )}
                  />
                  {nameField('nameEn')}
                  {nameField('nameEs')}
                </Box>
              );
            })}
          </Box>
        </Paper>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={changed.length === 0 || save.isPending}>
            {t('actions.update')}
          </Button>
          {changed.length > 0 && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('categories.unsaved', { count: changed.length })}
            </Typography>
          )}
        </Box>
      </Box>
      <AddCategoryDialog kind={kind} open={adding} onClose={() => setAdding(false)} onAdded={append} />
    </Box>
  );
}
