/**
 * `npm run create-superadmin`: creates a super admin (or promotes an existing account) in the
 * configured database. Asks for the e-mail and the password (not echoed); for scripts, set
 * HIGH5_ADMIN_EMAIL and HIGH5_ADMIN_PASSWORD instead.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, StartupError } from '../db/open.js';
import { createOrPromoteSuperAdmin, SuperAdminInputError } from '../modules/auth/account/super-admin.js';
import { systemClock } from '../services/clock.js';

/** Reads one line from the terminal; `hidden` keeps what is typed off the screen. */
function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
    muted = hidden;
  });
}

async function main() {
  const config = loadConfig();
  const email = process.env.HIGH5_ADMIN_EMAIL ?? (await ask('E-mail of the super admin: '));
  let password = process.env.HIGH5_ADMIN_PASSWORD;
  if (password === undefined) {
    password = await ask('Password (8+ characters, upper and lower case, a number, a symbol): ', true);
    const again = await ask('The same password again: ', true);
    if (again !== password) throw new SuperAdminInputError('The two passwords differ.');
  }
  const { database, release } = await openDatabase(config);
  try {
    const result = await createOrPromoteSuperAdmin(database.db, email, password, systemClock.now());
    process.stdout.write(`${result === 'created' ? 'Created' : 'Promoted'} the super admin ${email.trim().toLowerCase()}.\n`);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof SuperAdminInputError || error instanceof ConfigError || error instanceof StartupError;
  process.stderr.write(`create-superadmin: ${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
