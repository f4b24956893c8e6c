/**
 * The admin screens' own words for two generic field errors ("Required", and their shorter e-mail
 * sentence in Spanish), kept from before the forms kit.
 */
export const FIELD_MESSAGES = { 'errors:field.required': 'admin:invite.fieldRequired', 'errors:field.email': 'admin:invite.emailInvalid' };
