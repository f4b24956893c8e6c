/** The give body, loaded on the first submit: the give dialogs are in the dashboard's load, which stays zod-free. */
export { GiveSchema } from '@high5/contract';
