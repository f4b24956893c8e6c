import type { FieldValues } from 'react-hook-form';
import { PasswordField } from '../ui/password-field';
import type { TextInputProps } from '../ui/text-input';
import { FormTextField, type FormTextFieldProps } from './form-text-field';
import { CURRENT_PASSWORD_MESSAGES } from './password-messages';

/** The password typed to sign in or unlock (the contract's PasswordInputSchema), for password managers too. */
export function CurrentPasswordField<T extends FieldValues>(
  props: Pick<FormTextFieldProps<T>, 'control' | 'name'> & Pick<TextInputProps, 'label' | 'autoFocus'>,
) {
  return <FormTextField {...props} as={PasswordField} area="auth" messages={CURRENT_PASSWORD_MESSAGES} autoComplete="current-password" fullWidth />;
}
