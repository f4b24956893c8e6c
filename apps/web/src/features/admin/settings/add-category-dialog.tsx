import { adminApi, LIMITS, type AdminCategory, type CategoryKind } from '@high5/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';

type Lang = 'en' | 'es';

/**
 * Adds a category (spec 003 sections 2.12 and 5): English and Spanish tabs, each at most 35
 * characters with a live count; a name given in one language only is used for both.
 */
export function AddCategoryDialog({ kind, open, onClose, onAdded }: { kind: CategoryKind; open: boolean; onClose: () => void; onAdded: (category: AdminCategory) => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const id = useId();
  const [tab, setTab] = useState<Lang>('en');
  const [names, setNames] = useState({ en: '', es: '' });
  useEffect(() => {
    if (open) {
      setNames({ en: '', es: '' });
      setTab('en');
    }
  }, [open]);
  const add = useMutation({
    mutationFn: () => {
      const en = names.en.trim();
      const es = names.es.trim();
      return api(adminApi.addCategory, { params: { kind }, body: { nameEn: en || es, nameEs: es || en } });
    },
    onSuccess: (category) => {
      notify('success', t('categories.added', { name: category.nameEn }));
      onAdded(category);
      onClose();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!names.en.trim() && !names.es.trim()) {
      notify('error', t('categories.nameMissing'));
      return;
    }
    add.mutate();
  };
  const current = names[tab];
  return (
    <Dialog open={open} onClose={add.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t(kind === 'high5' ? 'categories.addHigh5Title' : 'categories.addVibeTitle')}</DialogTitle>
        <Tabs value={tab} onChange={(_e, v: Lang) => setTab(v)} aria-label={t('categories.languageTabs')} variant="fullWidth" sx={{ px: 3 }}>
          <Tab sx={{ textTransform: 'none', fontWeight: 700 }} value="en" label={t('categories.english')} id={`${id}-en`} aria-controls={`${id}-panel`} />
          <Tab sx={{ textTransform: 'none', fontWeight: 700 }} value="es" label={t('categories.spanish')} id={`${id}-es`} aria-controls={`${id}-panel`} />
        </Tabs>
        <DialogContent id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
          <TextField
            key={tab}
            label={t(tab === 'en' ? 'categories.englishName' : 'categories.spanishName')}
            value={current}
            onChange={(e) => setNames((n) => ({ ...n, [tab]: e.target.value.slice(0, LIMITS.categoryNameMax) }))}
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
