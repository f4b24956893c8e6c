/** The unlock body, loaded on the first submit so the shell's chunk stays zod-free. */
export { UnlockBodySchema } from '@high5/contract';
