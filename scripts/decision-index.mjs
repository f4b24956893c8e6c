// Checks every decision record's header and writes the index, docs/decisions/README.md (decision 0545).
//   node scripts/decision-index.mjs            rewrite the index
//   node scripts/decision-index.mjs --check    fail when a header is wrong or the index is stale (npm test)
//   --dir <folder>                             another folder of records (the unit test's)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const AREAS = ['auth', 'recognition', 'classroom', 'admin', 'rostering', 'platform', 'web', 'testing'];
const HEADER = 'Date: YYYY-MM-DD · Status: accepted | superseded by NNNN[, NNNN] | amended by NNNN[, NNNN] · Area: <area>[ · Relates: …]';
const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.md$/;
const TITLE = /^# (\d{4}) — (\S.*)$/;
const STATUS = /^(accepted|superseded by|amended by)(?: (\d{4}(?:, \d{4})*))?$/;
const NUMBER = /\b\d{4}\b/g;

/** Numbers named in a piece of text, leaving out what is in parentheses (notes such as "(migration 0104)"). */
function numbersIn(text) {
  return text.replace(/\([^)]*\)/g, '').match(NUMBER) ?? [];
}

/** One record's header, or the reasons it is not one. */
export function parseRecord(file, text) {
  const errors = [];
  const fail = (why) => errors.push(`${file}: ${why}`);
  const name = FILE_NAME.exec(file);
  if (!name) fail('the file name must be NNNN-short-title.md (lower case, digits and hyphens)');
  const lines = text.split('\n');
  const title = TITLE.exec(lines[0] ?? '');
  if (!title) fail('line 1 must be "# NNNN — Title"');
  else if (name && title[1] !== name[1]) fail(`line 1 says ${title[1]}, the file name ${name[1]}`);
  if (lines[1] !== '') fail('line 2 must be empty');

  const record = { file, number: name?.[1] ?? title?.[1], title: title?.[2], relations: [], relates: '' };
  const fields = (lines[2] ?? '').split(' · ');
  const field = (i, key) => (fields[i]?.startsWith(`${key}: `) ? fields[i].slice(key.length + 2) : undefined);
  const date = field(0, 'Date');
  const status = field(1, 'Status');
  const area = field(2, 'Area');
  const relates = field(3, 'Relates');
  if (date === undefined || status === undefined || area === undefined || fields.length > 4 || (fields.length === 4 && relates === undefined)) {
    const present = fields.map((f) => f.split(':')[0]);
    const missing = ['Date', 'Status', 'Area'].filter((key) => !present.includes(key));
    fail(`${missing.length ? `line 3 has no ${missing.join(', no ')}; it` : 'line 3'} must be "${HEADER}"`);
  }
  if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`the date "${date}" is not YYYY-MM-DD`);
  if (area !== undefined && !AREAS.includes(area)) fail(`the area "${area}" is not one of ${AREAS.join(', ')}`);
  if (status !== undefined) {
    const s = STATUS.exec(status);
    if (!s || (s[1] === 'accepted') !== (s[2] === undefined)) {
      fail(`the status "${status}" is not "accepted", "superseded by NNNN[, NNNN]" or "amended by NNNN[, NNNN]"`);
    } else {
      record.status = s[1] === 'accepted' ? 'accepted' : s[1].split(' ')[0];
      record.by = s[2] ? s[2].split(', ') : [];
    }
  }
  if (relates !== undefined) {
    record.relates = relates;
    for (const segment of relates.split('; ')) {
      const kind = /^(supersedes|amends) /i.exec(segment)?.[1].toLowerCase();
      record.relations.push({ kind, numbers: numbersIn(segment) });
    }
  }
  record.area = area;
  record.date = date;
  return { record, errors };
}

/** Every problem of a set of records: their own headers, numbers used twice, links to records that do not exist or do not answer. */
export function validate(records) {
  const errors = [];
  const byNumber = new Map();
  for (const r of records) {
    const other = byNumber.get(r.number);
    if (other) errors.push(`${r.file}: number ${r.number} is also used by ${other.file}`);
    else if (r.number) byNumber.set(r.number, r);
  }
  const verb = { superseded: 'supersedes', amended: 'amends' };
  for (const r of records) {
    for (const n of r.by ?? []) {
      const later = byNumber.get(n);
      if (n === r.number) errors.push(`${r.file}: is ${r.status} by itself`);
      else if (!later) errors.push(`${r.file}: "${r.status} by ${n}" names no record (no ${n}-*.md)`);
      else if (!later.relations.some((x) => x.kind === verb[r.status] && x.numbers.includes(r.number))) {
        errors.push(
          `${r.file}: is ${r.status} by ${n}, but ${later.file} does not say so (its header needs "· Relates: ${verb[r.status] === 'supersedes' ? 'Supersedes' : 'Amends'} ${r.number}")`,
        );
      }
    }
    for (const { kind, numbers } of r.relations) {
      for (const n of numbers) {
        const earlier = byNumber.get(n);
        if (!earlier) {
          errors.push(`${r.file}: "Relates" names ${n}, which is no record`);
          continue;
        }
        if (!kind || n === r.number) continue;
        const said = kind === 'supersedes' ? 'superseded' : 'amended';
        // A record already superseded need not list later amendments (0173 amends the superseded 0033).
        const answered = earlier.status === said && earlier.by.includes(r.number);
        const excused = kind === 'amends' && earlier.status === 'superseded';
        if (!answered && !excused) errors.push(`${r.file}: ${kind} ${n}, but ${earlier.file}'s status is not "${said} by ${r.number}" (list it there)`);
      }
    }
  }
  return errors;
}

const cell = (text) => String(text).replaceAll('|', '\\|');
const link = (byNumber, n) => `[${n}](${byNumber.get(n)?.file ?? `${n}.md`})`;

/** The index's text, from records that passed `validate`. */
export function renderIndex(records) {
  const sorted = [...records].sort((a, b) => a.number.localeCompare(b.number));
  const byNumber = new Map(sorted.map((r) => [r.number, r]));
  const rows = sorted.map(
    (r) => `| ${link(byNumber, r.number)} | ${cell(r.title)} | ${r.status} | ${r.area} | ${r.by.map((n) => link(byNumber, n)).join(', ')} |`,
  );
  return `# Decision records

<!-- Written by scripts/decision-index.mjs from the records' headers; edit the records, then run it. -->

A record says why High5 is as it is where the specification or an issue left a choice open, or where
the code departs from the stated stack: context, decision, why not the alternatives, consequences.
It states what holds now. How the work went (dated measurements, steps, addenda) goes in commit
messages; a later change to a decision is a new record that amends or supersedes it.

To add one, take a number from the range you were given and create \`NNNN-short-title.md\` here,
starting with:

\`\`\`
# NNNN — Title

Date: YYYY-MM-DD · Status: accepted · Area: <area>
\`\`\`

- Area: one of ${AREAS.join(', ')}.
- Status: \`accepted\`, \`superseded by NNNN[, NNNN]\` or \`amended by NNNN[, NNNN]\`.
- A record that changes an earlier one ends its line 3 with \`· Relates: Amends NNNN\` (or
  \`Supersedes NNNN\`; several parts are separated by \`; \`, notes in parentheses), and the earlier
  record's status becomes \`amended by\` (or \`superseded by\`) the new number.

Then run \`node scripts/decision-index.mjs\` to rewrite this index. \`npm test\` runs it with
\`--check\` and fails on a wrong header, a number used twice, a link to a missing record, a change
that only one of the two records states, or a stale index (decision 0545).

| Number | Title | Status | Area | Superseded or amended by |
|---|---|---|---|---|
${rows.join('\n')}
`;
}

function main(args) {
  const at = args.indexOf('--dir');
  const dir = at >= 0 ? args[at + 1] : fileURLToPath(new URL('../docs/decisions', import.meta.url));
  const readme = join(dir, 'README.md');
  const records = [];
  const errors = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort()) {
    const parsed = parseRecord(file, readFileSync(join(dir, file), 'utf8'));
    records.push(parsed.record);
    errors.push(...parsed.errors);
  }
  errors.push(...validate(records));
  if (errors.length) {
    for (const e of errors) console.error(`decision index: ${e}`);
    return 1;
  }
  const text = renderIndex(records);
  let current = '';
  try {
    current = readFileSync(readme, 'utf8');
  } catch {
    /* no index yet */
  }
  if (args.includes('--check')) {
    if (current === text) return 0;
    console.error(`decision index: ${readme} is stale; run node scripts/decision-index.mjs and commit it`);
    return 1;
  }
  if (current !== text) writeFileSync(readme, text);
  console.log(`decision index: ${records.length} records`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
