import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { serverT, type Lang } from '@high5/i18n';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/database.js';
import { type Clock, systemClock } from './clock.js';
import { Jobs, type JobLogger } from './jobs.js';
import { createRateLimits, type RateLimits } from './rate-limits.js';
import { devOutbox, smtpTransport, type MailMessage, type MailTransport } from './mail.js';
import { RequestGauge } from './request-gauge.js';
import { LocalStorage, S3Storage, type ObjectStorage } from './storage.js';

/** The shared services every area may use; nothing else crosses areas. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  jobs: Jobs;
  mail: Mailer;
  storage: ObjectStorage;
  /** Present when storage is local: /v1/files verifies links with it. */
  localStorage?: LocalStorage;
  secret: string;
  /** Rate limits shared by every server process (Redis, PostgreSQL or, embedded, memory). */
  rateLimits: RateLimits;
  /** The requests in progress: a long background job steps aside for them (docs/decisions/0485). */
  requests: RequestGauge;
}

/** Queues translated e-mails; the `mail.send` job delivers them after the caller's transaction commits. */
export class Mailer {
  constructor(
    private readonly jobs: Jobs,
    readonly transport: MailTransport,
  ) {
    jobs.register('mail.send', async (payload) => transport.send(payload as unknown as MailMessage));
  }
  /** `template` is a catalog key such as `auth:mail.resetCode`, holding `subject` and `body`. */
  async queue(db: Db, to: string, language: Lang, template: string, vars: Record<string, string | number> = {}) {
    const t = serverT(language);
    // Subjects are fixed texts: no name or other free text a user chose ever shows there, where
    // a mail client displays it as the school's own words (decision 0151). Names go in the body.
    const message: MailMessage = { to, subject: t(`${template}.subject`), text: t(`${template}.body`, vars) };
    await this.jobs.enqueue(db, 'mail.send', { ...message });
  }
}

async function loadSecret(db: Db): Promise<string> {
  await db
    .insertInto('serverSecrets')
    .values({ name: 'app_key', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('serverSecrets').select('value').where('name', '=', 'app_key').executeTakeFirstOrThrow();
  return row.value;
}

export async function createServices(
  config: Config,
  database: Database,
  clock: Clock = systemClock,
  options: { rateLimitNamespace?: string; logger?: JobLogger } = {},
): Promise<Services> {
  const db = database.db;
  const secret = await loadSecret(db);
  const jobs = new Jobs(db, clock, { ...config.jobs, ...(options.logger ? { logger: options.logger } : {}) });
  const transport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.from, config.jobs.concurrency) : devOutbox(db);
  const localStorage = config.s3 ? undefined : new LocalStorage(join(config.dataDir, 'objects'), secret, clock);
  const storage = config.s3 ? new S3Storage(config.s3) : localStorage!;
  const rateLimits = await createRateLimits(config, database, options.rateLimitNamespace);
  return {
    config,
    database,
    db,
    clock,
    jobs,
    mail: new Mailer(jobs, transport),
    storage,
    ...(localStorage ? { localStorage } : {}),
    secret,
    rateLimits,
    requests: new RequestGauge(),
  };
}
