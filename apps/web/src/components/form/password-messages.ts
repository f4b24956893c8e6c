/** The current-password field's wording (its own module, so the sign-in page takes it without the form library). A blank password (empty or spaces) says "enter your password", not a generic "fill in". */
export const CURRENT_PASSWORD_MESSAGES: Record<string, string> = {
  'errors:field.required': 'auth:errors.PASSWORD_REQUIRED',
  PASSWORD_EMPTY: 'auth:errors.PASSWORD_REQUIRED',
};
