/**
 * `npx tsx scripts/bench-roster-read.ts [-- --students=50000 --teachers=3000 --sections=10000 --source=clever|aeries|both]`:
 * how long the Clever and Aeries drivers take to read a synthetic district (the sample district
 * repeated, test/fakes/sample-district.ts) from their local fakes over real HTTP on this machine.
 * Reading only: the sync engine's own benchmark (`npm run bench:sync`) builds on these fakes.
 */
import { startAeriesFake } from '../apps/server/src/test/fakes/aeries-server.js';
import { startCleverFake } from '../apps/server/src/test/fakes/clever-server.js';
import { syntheticDistrict } from '../apps/server/src/test/fakes/sample-district.js';
import { rosterSourceFor, type RosterRead } from '../apps/server/src/modules/rostering/sources/index.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const size = { students: Number(args.students ?? 50_000), teachers: Number(args.teachers ?? 3_000), sections: Number(args.sections ?? 10_000) };
const which = args.source ?? 'both';
const log = (line: string) => process.stdout.write(`${line}\n`);

function counts(read: RosterRead) {
  const s = read.mode === 'full' ? read.snapshot : read.upsert;
  const role = (r: string) => s.people.filter((p) => p.role === r).length;
  return `${s.schools.length} schools, ${role('student')} students, ${role('teacher')} teachers, ${role('staff')} staff, ${s.sections.length} sections, ${s.sections.reduce((n, x) => n + x.studentSourceIds.length, 0)} enrolments`;
}

async function time(
  name: string,
  start: () => Promise<{ baseUrl: string; requests: string[]; close(): Promise<void> }>,
  read: (baseUrl: string) => Promise<RosterRead>,
) {
  const fake = await start();
  try {
    // The first read includes the fake building its answers once; the second is the driver's steady cost.
    for (const run of ['first read', 'second read']) {
      const before = fake.requests.length;
      const began = performance.now();
      const result = await read(fake.baseUrl);
      const seconds = (performance.now() - began) / 1000;
      log(`${name}, ${run}: ${seconds.toFixed(1)} s, ${fake.requests.length - before} requests, ${counts(result)}`);
    }
  } finally {
    await fake.close();
  }
}

async function main() {
  const built = performance.now();
  const district = syntheticDistrict(size);
  log(
    `Synthetic district: ${district.students.length} students, ${district.teachers.length} teachers, ${district.sections.length} sections, ${district.enrollments.length} enrolments (built in ${((performance.now() - built) / 1000).toFixed(1)} s)`,
  );
  if (which !== 'aeries') {
    let clientId = '';
    let clientSecret = '';
    await time(
      'Clever driver',
      async () => {
        const fake = await startCleverFake({ district });
        ({ clientId, clientSecret } = fake);
        return fake;
      },
      (baseUrl) => rosterSourceFor('clever', baseUrl, { clientKey: clientId, clientSecret }, { tokenUrl: `${baseUrl}/oauth/tokens` }).read({}),
    );
  }
  if (which !== 'clever') {
    let certificate = '';
    await time(
      'Aeries driver',
      async () => {
        const fake = await startAeriesFake({ district });
        certificate = fake.certificate;
        return fake;
      },
      (baseUrl) => rosterSourceFor('aeries', `${baseUrl}/aeries`, { certificate }).read({}),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
