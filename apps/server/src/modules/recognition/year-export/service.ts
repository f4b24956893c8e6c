import { csvChunks, formatDate, schoolYearLabel, toIsoDate, YEAR_EXPORT_RATE, type CsvColumn } from '@high5/contract';
import { serverT } from '@high5/i18n';
import sharp from 'sharp';
import type { Db } from '../../../db/database.js';
import { audit } from '../../../lib/audit.js';
import { currentSchool } from '../../../lib/current-school.js';
import { keysetBatches, mapBatches } from '../../../lib/cursor.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import { categoryNames } from '../../../lib/recognition-categories.js';
import { yearRange, type YearRange } from '../../../lib/school-year.js';
import type { SessionUser } from '../../../lib/session-user.js';
import { zipStream, type ZipEntry } from '../../../lib/zip-stream.js';
import { canDownloadStudentYear, canExportJournal, isParentOfStudent, loadStudent } from '../../../policies/student.js';
import type { Services } from '../../../services/index.js';
import { Keepsake } from './keepsake.js';
import * as q from './queries.js';

/** Years offered at most (the list goes back to the student's first year in the school). */
const MAX_YEARS = 12;

interface ExportHigh5 {
  date: string;
  from: string;
  fromRole: string;
  categories: string[];
  comment: string;
}

interface ExportJournalEntry {
  date: string;
  heading: string;
  text: string;
}

/** The student and whether the caller may download their year (403 YEAR_EXPORT_NOT_ALLOWED for a student below the school's grade). */
async function loadExport(db: Db, user: SessionUser, studentId: string) {
  const school = currentSchool(user);
  const student = await loadStudent(db, user, studentId);
  const row = student && (await q.exportStudent(db, school.schoolId, studentId));
  if (!student || !row) throw notFound();
  if (!isParentOfStudent(user, student) && user.id !== studentId) throw forbidden();
  const allowed = canDownloadStudentYear(user, student, row.grade, row.familyExportMinGrade);
  return { school, student, row, allowed, journal: canExportJournal(user, student) };
}

/** The years offered: from the student's first year in the school to this one, newest first. */
async function offeredYears(db: Db, services: Services, schoolId: string, row: { memberSince: Date; timeZone: string }) {
  const today = toIsoDate(services.clock.now(), row.timeZone);
  const current = await yearRange(db, schoolId, { date: today });
  const first = (await yearRange(db, schoolId, { date: toIsoDate(row.memberSince, row.timeZone) })).startYear;
  const years: YearRange[] = [current];
  for (let y = current.startYear - 1; y >= Math.max(first, current.startYear - MAX_YEARS + 1); y--) years.push(await yearRange(db, schoolId, { startYear: y }));
  return years;
}

export async function yearExportOptions(db: Db, services: Services, user: SessionUser, studentId: string) {
  const { row, allowed, journal } = await loadExport(db, user, studentId);
  return {
    allowed,
    minGrade: allowed ? null : row.familyExportMinGrade,
    journal: allowed && journal,
    years: allowed ? await offeredYears(db, services, user.school!.schoolId, row) : [],
  };
}

/** The file name's ASCII part: "Zoë Núñez" becomes "zoe-nunez". */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'student';

/**
 * The student's year as a ZIP (docs/decisions/0575): a PDF keepsake in the caller's language, the
 * High 5s as JSON and CSV, the hand avatar, and the journal only when the student asks for their
 * own. Checked, rate-limited and audited before the first byte; the rows are read a page at a time
 * while the ZIP is written, as the client reads it.
 */
export async function yearExport(db: Db, services: Services, user: SessionUser, studentId: string, startYear: number, withJournal: boolean) {
  const { school, row, allowed, journal } = await loadExport(db, user, studentId);
  if (!allowed) throw forbidden('YEAR_EXPORT_NOT_ALLOWED');
  if (withJournal && !journal) throw forbidden();
  const year = (await offeredYears(db, services, school.schoolId, row)).find((y) => y.startYear === startYear);
  if (!year) throw notFound();
  await services.rateLimits.hit('family.yearExport', YEAR_EXPORT_RATE, `u:${user.id}`);

  const scope = { schoolId: school.schoolId, studentId, from: year.from, to: year.to };
  const count = await q.high5Count(db, scope);
  const now = services.clock.now();
  await audit(
    db,
    {
      actorId: user.id,
      schoolId: school.schoolId,
      action: 'family.yearExport',
      targetType: 'user',
      targetId: studentId,
      details: { startYear, high5s: count, journal: withJournal },
    },
    now,
  );

  const lang = user.language === 'es' ? 'es' : 'en';
  const t = serverT(lang);
  const label = schoolYearLabel(startYear);
  // The download reads after this request's work is done: on the pool, not on the request's connection.
  const pool = services.db;
  const hand = await handPng(pool, services, studentId);

  const high5Pages = () =>
    mapBatches(
      keysetBatches(
        (afterId: number | null, limit) => q.high5Page(pool, { ...scope, afterId: afterId ?? 0, limit }),
        (r) => r.id,
      ),
      async (page): Promise<ExportHigh5[]> => {
        const names = await categoryNames(
          pool,
          page.map((r) => r.id),
          lang,
        );
        return page.map((r) => ({
          date: r.date,
          from: r.giver,
          fromRole: t(`common:roles.${r.giverRole}`),
          categories: names.filter((n) => n.recognitionId === r.id).map((n) => n.name),
          comment: r.comment,
        }));
      },
    );
  async function* journalPages(): AsyncGenerator<ExportJournalEntry[]> {
    if (!withJournal) return;
    const pages = keysetBatches(
      (after: { at: Date; id: string } | null, limit) =>
        q.journalPage(pool, { userId: studentId, from: year!.from, to: year!.to, timeZone: row.timeZone, after, limit }),
      (e) => ({ at: e.writtenAt, id: e.id }),
    );
    yield* mapBatches(pages, (page) => page.map((e) => ({ date: toIsoDate(e.writtenAt, row.timeZone), heading: e.heading, text: e.description })));
  }

  async function* pdf() {
    const keepsake = new Keepsake({
      lang,
      title: t('profile:yearExport.pdf.title', { name: row.name, year: label }),
      school: row.schoolName,
      summary: t('profile:yearExport.pdf.count', { count }),
      hand,
      footer: t('profile:yearExport.pdf.made', { date: formatDate(toIsoDate(now, row.timeZone), lang) }),
    });
    if (count === 0) keepsake.note(t('profile:yearExport.pdf.none'));
    for await (const page of high5Pages()) {
      for (const h of page)
        keepsake.item({
          heading: `${formatDate(h.date, lang)} · ${t('profile:yearExport.pdf.from', { name: h.from })}`,
          subline: h.categories.join(' · '),
          text: h.comment,
        });
      yield* keepsake.take();
    }
    if (withJournal) {
      keepsake.section(t('profile:yearExport.pdf.journal'));
      let any = false;
      for await (const page of journalPages()) {
        for (const e of page) keepsake.item({ heading: `${formatDate(e.date, lang)} · ${e.heading}`, subline: '', text: e.text });
        any ||= page.length > 0;
        yield* keepsake.take();
      }
      if (!any) keepsake.note(t('profile:yearExport.pdf.noJournal'));
    }
    yield* await keepsake.end();
  }

  async function* json() {
    const head = {
      student: row.name,
      school: row.schoolName,
      schoolYear: { label, from: year!.from, to: year!.to },
      language: lang,
      exportedAt: now.toISOString(),
    };
    yield `${JSON.stringify(head).slice(0, -1)},"high5s":[`;
    let first = true;
    for await (const page of high5Pages()) {
      for (const h of page) {
        yield `${first ? '' : ','}\n${JSON.stringify(h)}`;
        first = false;
      }
    }
    yield '\n]';
    if (withJournal) {
      yield ',"journal":[';
      first = true;
      for await (const page of journalPages()) {
        for (const e of page) {
          yield `${first ? '' : ','}\n${JSON.stringify(e)}`;
          first = false;
        }
      }
      yield '\n]';
    }
    yield '}\n';
  }

  const high5Columns: CsvColumn<ExportHigh5>[] = [
    { header: t('profile:yearExport.csv.date'), value: (h) => h.date },
    { header: t('profile:yearExport.csv.from'), value: (h) => h.from },
    { header: t('profile:yearExport.csv.fromRole'), value: (h) => h.fromRole },
    { header: t('profile:yearExport.csv.categories'), value: (h) => h.categories.join('; ') },
    { header: t('profile:yearExport.csv.comment'), value: (h) => h.comment },
  ];
  const journalColumns: CsvColumn<ExportJournalEntry>[] = [
    { header: t('profile:yearExport.csv.date'), value: (e) => e.date },
    { header: t('profile:yearExport.csv.heading'), value: (e) => e.heading },
    { header: t('profile:yearExport.csv.text'), value: (e) => e.text },
  ];
  const base = `high5-${slug(row.name)}-${label}`;
  const entries: ZipEntry[] = [
    { name: `${base}.pdf`, content: pdf() },
    { name: 'high5s.json', content: json() },
    { name: 'high5s.csv', content: csvChunks(high5Pages(), high5Columns) },
    ...(withJournal ? [{ name: 'journal.csv', content: csvChunks(journalPages(), journalColumns) }] : []),
    ...(hand
      ? [
          {
            name: 'hand.png',
            content: (async function* () {
              yield hand;
            })(),
          },
        ]
      : []),
  ];
  return { stream: zipStream(entries, now), fileName: `${base}.zip` };
}

/** The student's hand avatar as a PNG for the PDF (stored as webp), or null without one. */
async function handPng(db: Db, services: Services, studentId: string) {
  const avatar = await q.avatarKey(db, studentId);
  const bytes = avatar && (await services.storage.get(avatar.imageKey));
  if (!bytes) return null;
  return sharp(bytes)
    .resize(360, 360, { fit: 'inside' })
    .png()
    .toBuffer()
    .catch(() => null);
}
