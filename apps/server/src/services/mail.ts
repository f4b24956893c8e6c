import nodemailer from 'nodemailer';
import type { Db } from '../db/database.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers one message now. Callers queue mail as a job (see jobs.ts) so it leaves only after commit. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** Embedded default: the message is kept in the database and readable at /dev/outbox. */
export function devOutbox(db: Db): MailTransport {
  return {
    async send(message) {
      await db.insertInto('devOutbox').values({ recipient: message.to, subject: message.subject, bodyText: message.text }).execute();
    },
  };
}

/** A real SMTP server, from SMTP_URL, over a pool of as many connections as jobs run at once. */
export function smtpTransport(url: string, from: string, connections = 5): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: connections, maxMessages: 1000 });
  return {
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
