import { LIMITS, NewCategorySchema, type AdminCategory, type CategoryKind } from '@high5/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useAddCategory } from './api';

type Lang = 'en' | 'es';
const EMPTY = { nameEn: '', nameEs: '' };

/**
 * Adds a category (docs/rules/administration.md#categories): English and Spanish tabs, each at most 35
 * characters with a live count; a name given in one language only is used for both (the contract's schema copies it).
 */
export function AddCategoryDialog({
  kind,
  open,
  onClose,
  onAdded,
}: {
  kind: CategoryKind;
  open: boolean;
  onClose: () => void;
  onAdded: (category: AdminCategory) => void;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const id = useId();
  const [tab, setTab] = useState<Lang>('en');
  const form = useContractForm(NewCategorySchema, { defaultValues: EMPTY });
  const name = tab === 'en' ? 'nameEn' : 'nameEs';
  const current = useWatch({ control: form.control, name }) ?? '';
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setTab('en');
    }
  }, [open, reset]);
  const add = useAddCategory(kind);
  const submit = form.handleSubmit(
    (body) =>
      add.mutate(body, {
        onSuccess: (category) => {
          notify('success', t('categories.added', { name: category.nameEn }));
          onAdded(category);
          onClose();
        },
        onError: (error) => notify('error', errorText(error)),
      }),
    () => notify('error', t('categories.nameMissing')),
  );
  return (
    <Dialog open={open} onClose={add.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>{t(kind === 'high5' ? 'categories.addHigh5Title' : 'categories.addVibeTitle')}</DialogTitle>
        <Tabs value={tab} onChange={(_e, v: Lang) => setTab(v)} aria-label={t('categories.languageTabs')} variant="fullWidth" sx={{ px: 3 }}>
          <Tab sx={{ textTransform: 'none', fontWeight: 700 }} value="en" label={t('categories.english')} id={`${id}-en`} aria-controls={`${id}-panel`} />
          <Tab sx={{ textTransform: 'none', fontWeight: 700 }} value="es" label={t('categories.spanish')} id={`${id}-es`} aria-controls={`${id}-panel`} />
        </Tabs>
        <DialogContent id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
          <FormTextField
            key={tab}
            control={form.control}
            name={name}
            area="admin"
            label={t(tab === 'en' ? 'categories.englishName' : 'categories.spanishName')}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: LIMITS.categoryNameMax, lang: tab } }}
            helperText={t('categories.count', { count: current.length, max: LIMITS.categoryNameMax })}
            sx={{ mt: 1 }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('categories.maxChars', { max: LIMITS.categoryNameMax })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('categories.copyHint')}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={add.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!current.trim() || add.isPending}>
            {t('actions.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
