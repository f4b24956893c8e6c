import { CompleteNewPasswordBodySchema } from '@high5/contract';
import { z } from 'zod';
import { checkConfirmation } from '../../../components/form/new-password-fields';

/** The challenge's body plus the confirmation. Loaded on the first submit: this form is in the first load. */
export const newPasswordFormSchema = CompleteNewPasswordBodySchema.extend({ confirmation: z.string() }).superRefine(checkConfirmation);
