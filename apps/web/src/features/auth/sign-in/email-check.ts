import { EmailSchema } from '@high5/contract';

/** The contract's e-mail rule; loaded on the first submit so that zod stays out of the first load. */
export const isEmail = (value: string) => EmailSchema.safeParse(value).success;
