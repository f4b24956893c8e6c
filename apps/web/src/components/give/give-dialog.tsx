import { DailyLimitDataSchema, LIMITS, type Give, type RecognitionKind, type Role } from '@high5/contract';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  IconButton,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/use-error-text';
import { useContractForm } from '../form/contract-form';
import { FormTextField, upTo } from '../form/form-text-field';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useNotify } from '../ui/notifications';
import { CertifyDialog } from './certify-dialog';
import { useGive, useGiveOptions } from './api';

/** Who receives: any row of the recipient tables, a class list or the student detail dialog. */
export interface GiveRecipient {
  id: string;
  name: string;
  role: Role;
}

export interface GiveDialogProps {
  recipient: GiveRecipient;
  /** Defaults to true: mount the dialog when it should show. */
  open?: boolean;
  /** Called once, when the dialog finishes: the give succeeded, or it failed for good. */
  onDone?(result: 'success' | 'error'): void;
  /** Called when the dialog closes, after `onDone` or when the user cancels. */
  onClose(): void;
}

/** Failures that asking again will not fix: the dialog closes with 'error'. */
const FINAL_ERRORS = new Set(['DAILY_LIMIT_REACHED', 'RECIPIENT_NOT_ALLOWED', 'VIBES_SUBMITTED_NOT_PART_OF_HIGH5', 'FORBIDDEN', 'COMMENT_NOT_ALLOWED']);

type Step = 'form' | 'noComment' | 'certify';

/**
 * The give-High-5 and give-Vibe dialog (docs/rules/recognition.md#give): the categories of the recipient's
 * school as chips (labels over 15 characters shortened, the full name on hover and for
 * screen readers), the comment box (hidden when a student gives to a student), at least
 * one category, the no-comment confirmation for a Vibe, then the certify dialog.
 */
export function GiveDialog({ kind, recipient, open = true, onDone, onClose }: GiveDialogProps & { kind: RecognitionKind }) {
  const { t, i18n } = useTranslation('recognition');
  const errorText = useErrorText('recognition');
  const notify = useNotify();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const groupId = useId();
  const errorId = useId();
  const language = i18n.language.startsWith('es') ? 'es' : 'en';
  const form = useContractForm(() => import('./give-schema').then((m) => m.GiveSchema), {
    defaultValues: { kind, recipientId: recipient.id, categoryIds: [], comment: '' },
  });
  const comment = useWatch({ control: form.control, name: 'comment' }) ?? '';
  const missingCategory = !!form.formState.errors.categoryIds;
  const [step, setStep] = useState<Step>('form');
  // What the certify step sends: the form's output at the submit that led to it.
  const body = useRef<Give | null>(null);
  const finished = useRef(false);

  const options = useGiveOptions(kind, recipient.id, language, open);

  const finish = (result: 'success' | 'error') => {
    if (finished.current) return;
    finished.current = true;
    onDone?.(result);
    onClose();
  };

  // The recipient cannot receive from this user (not a member, not allowed): say why, close with 'error'.
  useEffect(() => {
    if (!options.error) return;
    notify('error', errorText(options.error));
    finish('error');
  }, [options.error]);

  const give = useGive();

  const commentAllowed = options.data?.commentAllowed ?? true;
  const limitText = (limit: number) => t(kind === 'high5' ? 'errors.high5LimitReached' : 'errors.vibeLimitReached', { limit });

  const send = async () => {
    try {
      const result = await give.mutateAsync(body.current!);
      const done = kind === 'high5' ? t('notices.high5Submitted') : t('notices.VIBES_SUBMITTED');
      const left = t(kind === 'high5' ? 'notices.high5Left' : 'notices.vibeLeft', { count: result.remainingToday });
      notify('success', `${done} ${left}`);
      finish('success');
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'INTERNAL';
      if (code === 'DAILY_LIMIT_REACHED') {
        const limit = DailyLimitDataSchema.safeParse((error as ApiError).data);
        notify('error', limit.success ? limitText(limit.data.dailyLimit) : errorText(error));
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        notify('error', errorText(error));
      } else {
        notify('error', t('errors.HIGH5_SUBMITTED_ERROR'));
      }
      if (FINAL_ERRORS.has(code)) finish('error');
      else {
        // Something passing (the network, a category just switched off): keep what was written.
        if (code === 'CATEGORY_NOT_ALLOWED') void options.refetch().then(() => form.setValue('categoryIds', []));
        setStep('form');
      }
    }
  };

  // No category: said beside the categories (and announced), not in a passing notice; the first chip takes focus.
  const submit = form.handleSubmit(({ comment, ...values }) => {
    body.current = { ...values, comment: commentAllowed ? comment : '' };
    if (kind === 'vibe' && commentAllowed && comment === '') setStep('noComment');
    else setStep('certify');
  });

  const title = t(kind === 'high5' ? 'dialog.high5Title' : 'dialog.vibeTitle', { name: recipient.name });
  const remaining = options.data?.remainingToday;
  const overLimit = remaining === 0;

  return (
    <>
      <Dialog open={open && step !== 'certify'} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
        <DialogTitle id={titleId} sx={{ pr: 7 }}>
          {title}
          <IconButton aria-label={t('dialog.cancel')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          {options.isPending ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }} role="status">
              <CircularProgress size={24} aria-hidden />
              <Typography>{t('dialog.loading')}</Typography>
            </Box>
          ) : options.data ? (
            <Box component="form" id={`${titleId}-form`} noValidate onSubmit={(e) => void submit(e)}>
              {overLimit && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {limitText(options.data.dailyLimit)}
                </Alert>
              )}
              <Typography id={groupId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }} color={missingCategory ? 'error' : 'text.primary'}>
                {t(kind === 'high5' ? 'dialog.high5Categories' : 'dialog.vibeCategories')}
              </Typography>
              <Controller
                control={form.control}
                name="categoryIds"
                render={({ field }) => (
                  <Box
                    role="group"
                    aria-labelledby={groupId}
                    aria-describedby={missingCategory ? errorId : undefined}
                    sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
                  >
                    {options.data.categories.map((category, index) => {
                      const on = field.value.includes(category.id);
                      // A dialog has room: the full name, wrapping when long (tiles keep the short form).
                      return (
                        <Chip
                          key={category.id}
                          ref={index === 0 ? field.ref : undefined}
                          role="checkbox"
                          aria-checked={on}
                          aria-label={category.name}
                          label={category.name}
                          icon={on ? <CheckIcon aria-hidden /> : undefined}
                          color={on ? 'primary' : 'default'}
                          variant={on ? 'filled' : 'outlined'}
                          onClick={() => field.onChange(on ? field.value.filter((id) => id !== category.id) : [...field.value, category.id])}
                          sx={{
                            fontSize: 15,
                            height: 'auto',
                            minHeight: 36,
                            borderRadius: 18,
                            px: 0.5,
                            maxWidth: '100%',
                            '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.75 },
                            ...(on ? {} : { borderColor: 'grey.500' }),
                          }}
                        />
                      );
                    })}
                  </Box>
                )}
              />
              {missingCategory && (
                <FormHelperText id={errorId} error role="alert" sx={{ fontSize: 14, mt: 1 }}>
                  {kind === 'high5' ? t('dialog.selectCategory') : t('dialog.SELECT_ONE_CATEGORY')}
                </FormHelperText>
              )}
              {commentAllowed ? (
                <FormTextField
                  control={form.control}
                  name="comment"
                  area="recognition"
                  parse={upTo(LIMITS.commentMax)}
                  label={kind === 'vibe' ? t('dialog.commentOptional') : t('dialog.comment')}
                  multiline
                  minRows={3}
                  maxRows={8}
                  fullWidth
                  sx={{ mt: 3 }}
                  slotProps={{ htmlInput: { maxLength: LIMITS.commentMax } }}
                  helperText={t('dialog.commentCount', { count: comment.length, max: LIMITS.commentMax })}
                />
              ) : (
                <Alert severity="info" variant="outlined" sx={{ mt: 3 }}>
                  {t('dialog.noCommentStudents')}
                </Alert>
              )}
              {remaining !== undefined && !overLimit && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                  {t(kind === 'high5' ? 'give.high5Left' : 'give.vibeLeft', { count: remaining, limit: options.data.dailyLimit })}
                </Typography>
              )}
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={!options.data || overLimit}>
            {t('dialog.send')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={open && step === 'noComment'}
        title={t('dialog.noCommentTitle')}
        message={t('dialog.noCommentText')}
        confirmLabel={t('dialog.noCommentSend')}
        cancelLabel={t('dialog.noCommentBack')}
        onConfirm={() => setStep('certify')}
        onCancel={() => setStep('form')}
      />
      <CertifyDialog open={open && step === 'certify'} onSend={send} onBack={() => setStep('form')} withComment={commentAllowed && comment.trim() !== ''} />
    </>
  );
}
