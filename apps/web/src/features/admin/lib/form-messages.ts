/** The admin screens' own word for an empty required field ("Required"), kept from before the forms kit. */
export const REQUIRED_MESSAGES = { 'errors:field.required': 'admin:invite.fieldRequired' };
