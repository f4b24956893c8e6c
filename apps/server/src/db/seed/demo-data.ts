import { addDays, toIsoDate } from '@high5/contract';
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import { hashPassword } from '../../lib/password.js';
import type { Services } from '../../services/index.js';
import type { Tx } from '../database.js';
import type { DB } from '../schema.js';

/*
 * The demo school community: two schools of one free district, about 40 students, their
 * teachers, parents and staff, and a school year of activity up to "today" (the clock's).
 * Everything comes from a seeded pseudo-random generator, so every run builds the same demo,
 * and all of it is written in one transaction with multi-row inserts (it runs at first start).
 */

const TZ = 'America/Los_Angeles';
const DOMAIN = 'demo.high5.test';

type Role = 'student' | 'teacher' | 'parent' | 'staff';
type Lang = 'en' | 'es';

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: a tiny, fast, seeded generator (uniform in [0, 1)). */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Minutes an adult took to answer a "today" check-in, from one random draw (so the rest of the
 * demo is unchanged): most within the school's 30 minutes (3-25), one in five later (35-120), which
 * the alert chain escalated (decision 0463).
 */
const minutesToAnswer = (draw: number) => Math.round(draw < 0.8 ? 3 + (draw / 0.8) * 22 : 35 + ((draw - 0.8) / 0.2) * 85);

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = generator(seed);
  }
  float() {
    return this.next();
  }
  chance(p: number) {
    return this.next() < p;
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Poisson-distributed count with mean `mean` (Knuth; means here are small). */
  poisson(mean: number) {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }
  /** k distinct items. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, k);
  }
  /** A version 4 UUID drawn from this generator, so ids are the same on every run. */
  uuid() {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Dates in the school's time zone

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** Milliseconds to add to a UTC instant to get the school's wall clock at that instant. */
function zoneOffset(instant: number) {
  const parts = Object.fromEntries(offsetFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return wall - Math.floor(instant / 60_000) * 60_000;
}

const offsets = new Map<string, number>();
/** The instant at `minutes` after midnight on `date` in the school's time zone (school hours never cross a DST change). */
function localInstant(date: string, minutes: number): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let offset = offsets.get(date);
  if (offset === undefined) {
    offset = zoneOffset(midnightUtc + 12 * 3_600_000);
    offsets.set(date, offset);
  }
  return new Date(midnightUtc + minutes * 60_000 - offset);
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Weekdays outside the winter break and the Thanksgiving holiday. */
function isSchoolDay(date: string) {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  const md = date.slice(5);
  if (md >= '12-20' || md <= '01-02') return false;
  // Thanksgiving: the fourth Thursday of November, and the Friday after it.
  if (md.startsWith('11-') && (day === 4 || day === 5)) {
    const dom = Number(date.slice(8));
    const thursday = day === 4 ? dom : dom - 1;
    if (thursday >= 22 && thursday <= 28) return false;
  }
  return true;
}

/** 1 August of the school year holding `today` (the school year begins in August). */
function schoolYearStart(today: string) {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 8 ? `${year}-08-01` : `${year - 1}-08-01`;
}

// ---------------------------------------------------------------------------------------------
// The people

interface Person {
  id: string;
  first: string;
  last: string;
  email?: string | null;
  username?: string | null;
  language?: Lang;
  isSuperAdmin?: boolean;
  gender?: 'M' | 'F' | 'O';
  department?: string;
  bio?: string;
}

interface Member {
  person: Person;
  role: Role;
  isAdmin?: boolean;
  grade?: number;
  iep?: boolean;
  plan504?: boolean;
  languageLevel?: 'L' | 'LF';
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const HIGH5_TO_STUDENT: Record<Lang, string[]> = {
  en: [
    'Thank you for helping a classmate with math today!',
    'You kept trying even when it was hard. Great perseverance!',
    'Great job leading your group during the science project.',
    'I noticed how kindly you included a new friend at recess.',
    'Your story was so creative. Keep writing!',
    'Thank you for cleaning up without being asked.',
    'You were a wonderful listener during circle time.',
    'Amazing effort on your reading log this week.',
    'You told the truth even when it was hard. I am proud of you.',
    'Thank you for being so respectful during the assembly.',
    'You helped set up the classroom this morning. Thank you!',
    'Your teamwork made the whole project better.',
  ],
  es: [
    '¡Gracias por ayudar a un compañero con las matemáticas hoy!',
    'Seguiste intentándolo aunque era difícil. ¡Qué perseverancia!',
    'Excelente trabajo dirigiendo a tu grupo en el proyecto de ciencias.',
    'Vi con cuánta amabilidad incluiste a alguien nuevo en el recreo.',
    'Tu cuento fue muy creativo. ¡Sigue escribiendo!',
    'Gracias por recoger sin que nadie te lo pidiera.',
    'Escuchaste con mucha atención durante la asamblea.',
    '¡Qué gran esfuerzo con tu registro de lectura esta semana!',
    'Dijiste la verdad aunque no era fácil. ¡Bien hecho!',
    'Tu trabajo en equipo mejoró todo el proyecto.',
  ],
};

const HIGH5_TO_ADULT: Record<Lang, string[]> = {
  en: [
    'Thank you for making class so much fun!',
    'Thanks for explaining fractions so patiently.',
    'Thank you for always believing in our kids.',
    'Thanks for covering my duty today. You are a lifesaver!',
    'Your classroom displays look amazing.',
    'Thank you for the warm welcome every morning.',
    'Thanks for organizing the book fair. It was a hit!',
    'I appreciate how you listen to every student.',
  ],
  es: [
    '¡Gracias por hacer la clase tan divertida!',
    'Gracias por explicar las fracciones con tanta paciencia.',
    'Gracias por creer siempre en nuestros hijos.',
    'Gracias por cubrir mi turno hoy. ¡Me salvaste el día!',
    '¡Los murales de tu salón se ven increíbles!',
    'Gracias por la bienvenida tan cálida cada mañana.',
    'Gracias por organizar la feria del libro. ¡Fue un éxito!',
  ],
};

const HIGH5_TO_CHILD: Record<Lang, string[]> = {
  en: [
    'So proud of how you helped at home this week!',
    'Thank you for reading to your little brother.',
    'You finished your homework all by yourself. Great job!',
  ],
  es: ['¡Qué orgullo cómo ayudaste en casa esta semana!', 'Gracias por leerle a tu hermanito.', 'Terminaste la tarea sin ayuda. ¡Muy bien!'],
};

const VIBE_COMMENTS: Record<Lang, string[]> = {
  en: [
    'You make our school a better place.',
    'Keep shining!',
    'Have a wonderful weekend!',
    'Your smile made my morning.',
    'Thanks for being you.',
    'You have got this!',
  ],
  es: [
    'Haces de nuestra escuela un lugar mejor.',
    '¡Sigue brillando!',
    '¡Que tengas un excelente fin de semana!',
    'Tu sonrisa alegró mi mañana.',
    'Gracias por ser como eres.',
    '¡Tú puedes!',
  ],
};

const MOOD_COMMENTS: Record<Lang, string[]> = {
  en: ['Soccer practice was fun', 'I did not sleep well', 'My dog is sick', 'We have a test today', 'I love art day', 'I miss my grandma'],
  es: ['Me fue bien en el partido', 'No dormí bien', 'Mi perrito está enfermo', 'Hoy tenemos examen', 'Me encanta el día de arte'],
};

const PLEASANT = [
  'smiley',
  'smile',
  'grinning',
  'relaxed',
  'stuck_out_tongue_winking_eye',
  'slightly_smiling_face',
  'innocent',
  'sunglasses',
  'hushed',
  'relieved',
] as const;
const UNPLEASANT = [
  'triumph',
  'rage',
  'worried',
  'grimacing',
  'unamused',
  'face_with_rolling_eyes',
  'face_with_head_bandage',
  'sleeping',
  'pensive',
  'disappointed',
  'persevere',
  'weary',
] as const;

const JOURNAL: Record<'student' | 'teacher', { heading: string; description: string }[]> = {
  student: [
    { heading: 'My friend shared her snack', description: 'Nora shared her apple slices with me when I forgot my snack. I am grateful for friends who care.' },
    { heading: 'Art day', description: 'We painted leaves today. Mr. Kim said my colours were brave. I am thankful for art class.' },
    { heading: 'Grandma visited', description: 'Grandma came for dinner and made tamales with us. I am grateful for my family.' },
    { heading: 'I finished my book', description: 'I read the whole chapter book by myself. I am thankful for my library card.' },
    { heading: 'Recess soccer', description: 'We played soccer and everyone got a turn to be goalie. Teamwork feels good.' },
    { heading: 'A sunny morning', description: 'The sun was out on the walk to school and I saw a hummingbird.' },
  ],
  teacher: [
    { heading: 'A breakthrough in reading group', description: 'Samuel read a full page aloud without stopping. The whole group clapped for him.' },
    { heading: 'Supportive colleagues', description: 'Ms. Patel covered my class when I had a parent meeting. Grateful for this team.' },
    { heading: 'Science fair ideas', description: 'The seventh graders came up with wonderful questions about plants and light.' },
    { heading: 'Parent thank-you note', description: 'Laura Johnson sent a kind note about Maya loving math this year. It made my week.' },
    { heading: 'Quiet moment', description: 'Ten calm minutes with coffee before the bell. Small things matter.' },
    { heading: 'Art Club mural', description: 'The Art Club finished the hallway mural. Students from three grades worked together.' },
  ],
};

/** Accounts exist this many days before the school year starts. */
const ACCOUNTS_CREATED_DAYS_BEFORE = 10;

/** Seeds the demo district into an empty database; see demo.ts for the accounts it prints. */
/** `password` is every demo account's (demo.ts keeps it, so this file loads only when it seeds). */
export async function seedDemo(services: Services, password: string): Promise<void> {
  const now = services.clock.now();
  const passwordHash = await hashPassword(password);
  await services.db.transaction().execute((tx) => build(tx, now, passwordHash));
}

async function build(tx: Tx, now: Date, passwordHash: string) {
  const rnd = new Random(20240801);
  const today = toIsoDate(now, TZ);
  const yearStart = schoolYearStart(today);
  const createdAt = localInstant(addDays(yearStart, -ACCOUNTS_CREATED_DAYS_BEFORE), 9 * 60);

  // --- district and schools -----------------------------------------------------------------
  const districtId = rnd.uuid();
  const elementary = rnd.uuid();
  const middle = rnd.uuid();
  await tx
    .insertInto('districts')
    .values({ id: districtId, name: 'Demo Unified', kind: 'free', paid: false, testMode: true, whitelistingDomains: [DOMAIN], createdAt })
    .execute();
  const moodmeterMessages = {
    en: {
      message1: 'It is okay to have a hard day. Would you like to talk with a trusted adult?',
      message2: 'If you need help right away, tell any teacher or go to the front office.',
    },
    es: {
      message1: 'Está bien tener un día difícil. ¿Te gustaría hablar con un adulto de confianza?',
      message2: 'Si necesitas ayuda de inmediato, avísale a cualquier maestro o ve a la oficina.',
    },
  };
  const links = {
    urlProgramIep: 'https://www.understood.org/en/articles/what-is-an-iep',
    urlProgram504: 'https://www.understood.org/en/articles/what-is-a-504-plan',
    urlLanguage: 'https://www.cde.ca.gov/sp/el/',
    urlStudentDocument: `https://${DOMAIN}/student-documents`,
  };
  await tx
    .insertInto('schools')
    .values([
      {
        id: elementary,
        districtId,
        name: 'Demo Elementary',
        timeZone: TZ,
        high5Vibes: true,
        promptMoodmeter: true,
        moodmeterMessages: JSON.stringify(moodmeterMessages),
        ...links,
        createdAt,
      },
      {
        id: middle,
        districtId,
        name: 'Demo Middle',
        timeZone: TZ,
        high5Vibes: true,
        promptMoodmeter: true,
        moodmeterMessages: JSON.stringify(moodmeterMessages),
        ...links,
        createdAt,
      },
    ])
    .execute();
  await tx
    .insertInto('schoolNotificationEmails')
    .values([
      { schoolId: elementary, email: `office.elementary@${DOMAIN}` },
      { schoolId: elementary, email: `counselor@${DOMAIN}` },
      { schoolId: middle, email: `office.middle@${DOMAIN}` },
    ])
    .execute();

  // --- people --------------------------------------------------------------------------------
  const person = (first: string, last: string, extra: Omit<Person, 'id' | 'first' | 'last'> = {}): Person => ({ id: rnd.uuid(), first, last, ...extra });
  const teacherEmail = (first: string, last: string) => `${fold(first)}.${fold(last)}@${DOMAIN}`;

  const superAdmin = person('Alex', 'Rivera', { email: `superadmin@${DOMAIN}`, isSuperAdmin: true });
  const admin = person('Patricia', 'Gómez', {
    email: `admin@${DOMAIN}`,
    gender: 'F',
    department: 'Grade 2',
    bio: 'Second grade teacher and site lead for High5.',
  });
  const teacher = person('Daniel', 'Kim', {
    email: `teacher@${DOMAIN}`,
    gender: 'M',
    department: 'Grade 4 and Science',
    bio: 'I teach fourth grade at Demo Elementary and seventh grade science at Demo Middle.',
  });
  const student = person('Maya', 'Johnson', { email: `student@${DOMAIN}`, gender: 'F' });
  const parent = person('Laura', 'Johnson', { email: `parent@${DOMAIN}`, gender: 'F' });
  const staff = person('Marcus', 'Brown', {
    email: `staff@${DOMAIN}`,
    gender: 'M',
    department: 'Counseling',
    bio: 'School counselor. My door is always open.',
  });
  const student2 = person('Leo', 'Martínez', { email: null, username: 'demo.student2', gender: 'M' });

  const t = (first: string, last: string, gender: 'M' | 'F', department: string, language: Lang = 'en') =>
    person(first, last, { email: teacherEmail(first, last), gender, department, language });
  const chen = t('Emily', 'Chen', 'F', 'Kindergarten');
  const hernandez = t('Roberto', 'Hernández', 'M', 'Grades 1 and 3', 'es');
  const patel = t('Aisha', 'Patel', 'F', 'Grade 5');
  const oconnor = t('James', "O'Connor", 'M', 'Mathematics');
  const torres = t('Lucía', 'Torres', 'F', 'Language Arts', 'es');
  const nguyen = person('Grace', 'Nguyen', { email: teacherEmail('Grace', 'Nguyen'), gender: 'F', department: 'Library' });

  // Students: [first, last, grade, gender, flags]. K-2 sign in with a username, older ones with e-mail.
  type Flags = { iep?: boolean; plan504?: boolean; languageLevel?: 'L' | 'LF' };
  const s = (first: string, last: string, grade: number, gender: 'M' | 'F', flags: Flags = {}) => {
    const login = `${fold(first)}.${fold(last)}`;
    const p = person(first, last, grade <= 2 ? { username: login, email: null, gender } : { email: `${login}@${DOMAIN}`, gender });
    return { person: p, grade, ...flags };
  };
  const kinder = [s('Ava', 'Silva', 0, 'F'), s('Noah', 'Williams', 0, 'M'), s('Isabella', 'Cruz', 0, 'F'), s('Ethan', 'Davis', 0, 'M')];
  const grade1 = [s('Mateo', 'López', 1, 'M'), s('Olivia', 'Thompson', 1, 'F'), s('Lucas', 'Rivera', 1, 'M'), s('Chloe', 'Wilson', 1, 'F')];
  const grade2 = [s('Emma', 'Smith', 2, 'F'), s('Diego', 'Flores', 2, 'M', { languageLevel: 'L' }), s('Harper', 'Moore', 2, 'F'), s('Liam', 'Jackson', 2, 'M')];
  const grade3 = [s('Zara', 'Ali', 3, 'F'), s('Benjamin', 'Lee', 3, 'M'), s('Camila', 'Reyes', 3, 'F', { languageLevel: 'LF' }), s('Henry', 'Clark', 3, 'M')];
  const maya = { person: student, grade: 4 };
  const leo = { person: student2, grade: 4, languageLevel: 'L' as const };
  const grade4 = [
    maya,
    leo,
    s('Nora', 'Adams', 4, 'F'),
    s('Samuel', 'Ortiz', 4, 'M', { iep: true }),
    s('Lily', 'Evans', 4, 'F', { plan504: true }),
    s('Gabriel', 'Morales', 4, 'M'),
  ];
  const grade5 = [
    s('Owen', 'Wright', 5, 'M'),
    s('Valentina', 'Castro', 5, 'F'),
    s('Aiden', 'Hall', 5, 'M', { iep: true, plan504: true }),
    s('Mia', 'Gutiérrez', 5, 'F'),
  ];
  const grade6 = [
    s('Elena', 'López', 6, 'F'),
    s('Jacob', 'Young', 6, 'M'),
    s('Sofía', 'Vargas', 6, 'F', { languageLevel: 'LF' }),
    s('Ryan', 'Mitchell', 6, 'M'),
    s('Hannah', 'Scott', 6, 'F'),
  ];
  const grade7 = [
    s('Julian', 'Park', 7, 'M'),
    s('Aria', 'Ramos', 7, 'F'),
    s('Caleb', 'Turner', 7, 'M', { iep: true }),
    s('Ximena', 'Rojas', 7, 'F', { languageLevel: 'L' }),
    s('Wyatt', 'Baker', 7, 'M'),
  ];
  const grade8 = [s('Adrián', 'Sánchez', 8, 'M'), s('Zoe', 'Hill', 8, 'F'), s('Nathan', 'Campbell', 8, 'M', { plan504: true }), s('Paola', 'Mendoza', 8, 'F')];
  const elementaryStudents = [...kinder, ...grade1, ...grade2, ...grade3, ...grade4, ...grade5];
  const middleStudents = [...grade6, ...grade7, ...grade8];
  const byName = (list: { person: Person }[], first: string) => list.find((x) => x.person.first === first)!.person;

  const p = (first: string, last: string, gender: 'M' | 'F', language: Lang = 'en') =>
    person(first, last, { email: `${fold(first)}.${fold(last)}@example.com`, gender, language });
  // [parent, children]
  const families: [Person, Person[]][] = [
    [parent, [student]],
    [p('Carlos', 'Martínez', 'M', 'es'), [student2]],
    [p('María', 'López', 'F', 'es'), [byName(grade1, 'Mateo'), byName(grade6, 'Elena')]],
    [p('David', 'Smith', 'M'), [byName(grade2, 'Emma')]],
    [p('Ana', 'Silva', 'F', 'es'), [byName(kinder, 'Ava')]],
    [p('Kevin', 'Wright', 'M'), [byName(grade5, 'Owen')]],
    [p('Fatima', 'Ali', 'F'), [byName(grade3, 'Zara')]],
    [p('Rachel', 'Adams', 'F'), [byName(grade4, 'Nora')]],
    [p('Jennifer', 'Park', 'F'), [byName(grade7, 'Julian')]],
    [p('Miguel', 'Sánchez', 'M', 'es'), [byName(grade8, 'Adrián')]],
    [p('Sarah', 'Ortiz', 'F'), [byName(grade4, 'Samuel')]],
  ];

  const allPeople: Person[] = [
    superAdmin,
    admin,
    teacher,
    student,
    parent,
    staff,
    student2,
    chen,
    hernandez,
    patel,
    oconnor,
    torres,
    nguyen,
    ...[...elementaryStudents, ...middleStudents].map((x) => x.person).filter((x) => x !== student && x !== student2),
    ...families.map(([adult]) => adult).filter((x) => x !== parent),
  ];
  const language = new Map(allPeople.map((x) => [x.id, x.language ?? 'en']));

  const birthDate = (grade: number) =>
    `${Number(yearStart.slice(0, 4)) - grade - 6 + (rnd.chance(0.6) ? 1 : 0)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
  const gradeOf = new Map([...elementaryStudents, ...middleStudents].map((x) => [x.person.id, x.grade]));
  await insertChunks(
    allPeople.map<Insertable<DB['users']>>((x) => ({
      id: x.id,
      email: x.email ?? null,
      username: x.username ?? null,
      passwordHash,
      isSuperAdmin: x.isSuperAdmin ?? false,
      firstName: x.first,
      lastName: x.last,
      language: x.language ?? 'en',
      emailVerifiedAt: createdAt,
      gender: x.gender ?? null,
      department: x.department ?? null,
      bio: x.bio ?? null,
      dateOfBirth: gradeOf.has(x.id) ? birthDate(gradeOf.get(x.id)!) : null,
      createdAt,
    })),
    (rows) => tx.insertInto('users').values(rows).execute(),
  );

  // --- memberships ---------------------------------------------------------------------------
  const members: Record<string, Member[]> = {
    [elementary]: [
      { person: admin, role: 'teacher', isAdmin: true },
      { person: teacher, role: 'teacher' },
      { person: chen, role: 'teacher' },
      { person: hernandez, role: 'teacher' },
      { person: patel, role: 'teacher' },
      { person: staff, role: 'staff' },
      ...elementaryStudents.map((x) => ({ ...x, role: 'student' as const })),
    ],
    [middle]: [
      { person: teacher, role: 'teacher' },
      { person: oconnor, role: 'teacher' },
      { person: torres, role: 'teacher', isAdmin: true },
      { person: nguyen, role: 'staff' },
      ...middleStudents.map((x) => ({ ...x, role: 'student' as const })),
    ],
  };
  const studentSchool = new Map<string, string>();
  for (const x of elementaryStudents) studentSchool.set(x.person.id, elementary);
  for (const x of middleStudents) studentSchool.set(x.person.id, middle);
  for (const [adult, children] of families) {
    for (const schoolId of new Set(children.map((c) => studentSchool.get(c.id)!))) members[schoolId]!.push({ person: adult, role: 'parent' });
  }
  const membershipRows: Insertable<DB['schoolMemberships']>[] = [];
  for (const [schoolId, list] of Object.entries(members)) {
    list.forEach((m, i) =>
      membershipRows.push({
        userId: m.person.id,
        schoolId,
        role: m.role,
        isAdmin: m.isAdmin ?? false,
        status: 'active',
        grade: m.role === 'student' ? (m.grade ?? null) : null,
        iep: m.iep ?? false,
        plan504: m.plan504 ?? false,
        languageLevel: m.languageLevel ?? null,
        // The elementary membership first: it is the school a two-school teacher signs into.
        createdAt: new Date(createdAt.getTime() + (schoolId === elementary ? 0 : 3_600_000) + i * 1000),
      }),
    );
  }
  await insertChunks(membershipRows, (rows) => tx.insertInto('schoolMemberships').values(rows).execute());
  await tx
    .insertInto('parentLinks')
    // The school knows its families (decision 0540), except the parent the demo student invited: their
    // consent counts once the demo admin confirms the link.
    .values(
      families.flatMap(([adult, children]) =>
        children.map((c) => ({ parentId: adult.id, studentId: c.id, createdAt, confirmedAt: adult === parent ? null : createdAt })),
      ),
    )
    .execute();
  await tx
    .insertInto('invitations')
    .values([
      { schoolId: elementary, userId: parent.id, invitedBy: student.id, kind: 'parent', createdAt, acceptedAt: new Date(createdAt.getTime() + 86_400_000) },
      {
        schoolId: elementary,
        userId: families[1]![0].id,
        invitedBy: teacher.id,
        kind: 'parent',
        createdAt,
        acceptedAt: new Date(createdAt.getTime() + 2 * 86_400_000),
      },
      { schoolId: middle, userId: nguyen.id, invitedBy: torres.id, kind: 'staff', createdAt, acceptedAt: new Date(createdAt.getTime() + 86_400_000) },
    ])
    .execute();

  // --- classes -------------------------------------------------------------------------------
  interface ClassDef {
    id: string;
    schoolId: string;
    name: string;
    owner: Person;
    code: string;
    students: Person[];
    substitute?: Person;
  }
  const ids = (list: { person: Person }[]) => list.map((x) => x.person);
  const artClub = [student, byName(grade3, 'Benjamin'), byName(grade3, 'Camila'), byName(grade4, 'Nora'), byName(grade5, 'Valentina'), byName(grade5, 'Mia')];
  const classes: ClassDef[] = [
    { id: rnd.uuid(), schoolId: elementary, name: 'Kindergarten - Room 1', owner: chen, code: 'KROOM1', students: ids(kinder) },
    { id: rnd.uuid(), schoolId: elementary, name: 'Grade 1 - Room 3', owner: hernandez, code: 'G1ROOM3', students: ids(grade1) },
    { id: rnd.uuid(), schoolId: elementary, name: 'Grade 2 - Room 5', owner: admin, code: 'G2ROOM5', students: ids(grade2) },
    { id: rnd.uuid(), schoolId: elementary, name: 'Grade 3 - Room 8', owner: hernandez, code: 'G3ROOM8', students: ids(grade3) },
    { id: rnd.uuid(), schoolId: elementary, name: 'Grade 4 - Room 12', owner: teacher, code: 'G4ROOM12', students: ids(grade4), substitute: patel },
    { id: rnd.uuid(), schoolId: elementary, name: 'Art Club', owner: teacher, code: 'ARTCLUB', students: artClub },
    { id: rnd.uuid(), schoolId: elementary, name: 'Grade 5 - Room 14', owner: patel, code: 'G5ROOM14', students: ids(grade5) },
    { id: rnd.uuid(), schoolId: middle, name: 'Grade 6 Math', owner: oconnor, code: 'MATH6A', students: ids(grade6) },
    { id: rnd.uuid(), schoolId: middle, name: 'Grade 7 Math', owner: oconnor, code: 'MATH7B', students: ids(grade7) },
    { id: rnd.uuid(), schoolId: middle, name: 'Grade 7 Science', owner: teacher, code: 'SCI7KIM', students: ids(grade7) },
    { id: rnd.uuid(), schoolId: middle, name: 'Grade 8 Language Arts', owner: torres, code: 'ELA8TOR', students: ids(grade8) },
  ];
  await tx
    .insertInto('classes')
    .values(classes.map((c) => ({ id: c.id, schoolId: c.schoolId, name: c.name, ownerId: c.owner.id, joiningCode: c.code, createdAt })))
    .execute();
  await tx
    .insertInto('classTeachers')
    .values(
      classes.flatMap((c) => [
        { classId: c.id, teacherId: c.owner.id, isSubstitute: false, createdAt },
        ...(c.substitute ? [{ classId: c.id, teacherId: c.substitute.id, isSubstitute: true, createdAt }] : []),
      ]),
    )
    .execute();
  await insertChunks(
    classes.flatMap((c) => c.students.map((st) => ({ classId: c.id, studentId: st.id, createdAt }))),
    (rows) => tx.insertInto('enrolments').values(rows).execute(),
  );
  const classByCode = (code: string) => classes.find((c) => c.code === code)!;
  await tx
    .insertInto('enrolmentRequests')
    .values([
      { classId: classByCode('ARTCLUB').id, studentId: byName(grade5, 'Owen').id, createdAt: localInstant(addDays(today, -1), 15 * 60) },
      { classId: classByCode('SCI7KIM').id, studentId: byName(grade6, 'Hannah').id, createdAt: localInstant(addDays(today, -2), 16 * 60) },
    ])
    .execute();

  // --- trusted adults, categories ------------------------------------------------------------
  await tx
    .insertInto('trustedAdults')
    .values([
      { studentId: student.id, adultId: teacher.id },
      { studentId: student.id, adultId: staff.id },
      { studentId: student2.id, adultId: teacher.id },
      { studentId: byName(grade4, 'Samuel').id, adultId: staff.id },
      { studentId: byName(grade4, 'Samuel').id, adultId: admin.id },
      { studentId: byName(grade3, 'Zara').id, adultId: hernandez.id },
      { studentId: byName(grade7, 'Julian').id, adultId: teacher.id },
      { studentId: byName(grade7, 'Caleb').id, adultId: nguyen.id },
      { studentId: byName(grade8, 'Paola').id, adultId: torres.id },
    ])
    .execute();

  const builtIn = await tx.selectFrom('categories').select(['id', 'kind', 'key']).where('schoolId', 'is', null).orderBy('position').execute();
  const readingId = rnd.uuid();
  const spiritId = rnd.uuid();
  await tx
    .insertInto('categories')
    .values([
      { id: readingId, kind: 'high5', schoolId: elementary, key: null, nameEn: 'Love of reading', nameEs: 'Amor por la lectura', position: 100, createdAt },
      { id: spiritId, kind: 'vibe', schoolId: middle, key: null, nameEn: 'Team spirit', nameEs: 'Espíritu de equipo', position: 100, createdAt },
    ])
    .execute();
  const aboveBeyond = builtIn.find((c) => c.key === 'above_beyond');
  if (aboveBeyond) await tx.insertInto('categorySettings').values({ schoolId: middle, categoryId: aboveBeyond.id, enabled: false }).execute();
  const categoriesFor = (schoolId: string, kind: 'high5' | 'vibe') => [
    ...builtIn.filter((c) => c.kind === kind && !(schoolId === middle && c.key === 'above_beyond')).map((c) => c.id),
    ...(kind === 'high5' && schoolId === elementary ? [readingId] : []),
    ...(kind === 'vibe' && schoolId === middle ? [spiritId] : []),
  ];

  // --- who may recognise whom, per school ---------------------------------------------------
  const roleIn = new Map<string, Role>(); // `${school}|${user}` -> role
  for (const [schoolId, list] of Object.entries(members)) for (const m of list) roleIn.set(`${schoolId}|${m.person.id}`, m.role);
  const childrenOf = new Map(families.map(([adult, children]) => [adult.id, children.map((c) => c.id)]));

  interface Audience {
    groups: { weight: number; ids: string[] }[];
  }
  const audiences = new Map<string, Audience>(); // `${school}|${giver}`
  for (const [schoolId, list] of Object.entries(members)) {
    const inSchool = (role: Role) => list.filter((m) => m.role === role).map((m) => m.person.id);
    const schoolClasses = classes.filter((c) => c.schoolId === schoolId);
    const teachersOfClass = (c: ClassDef) => [c.owner.id, ...(c.substitute ? [c.substitute.id] : [])];
    for (const m of list) {
      const me = m.person.id;
      const others = (xs: string[]) => [...new Set(xs)].filter((x) => x !== me);
      let groups: Audience['groups'];
      if (m.role === 'student') {
        const mine = schoolClasses.filter((c) => c.students.some((x) => x.id === me));
        groups = [
          { weight: 6, ids: others(mine.flatMap((c) => c.students.map((x) => x.id))) },
          { weight: 3, ids: others(mine.flatMap(teachersOfClass)) },
          { weight: 1, ids: others(inSchool('staff')) },
        ];
      } else if (m.role === 'teacher') {
        const mine = schoolClasses.filter((c) => teachersOfClass(c).includes(me));
        const myStudents = others(mine.flatMap((c) => c.students.map((x) => x.id)));
        groups = [
          { weight: 7, ids: myStudents },
          { weight: 2, ids: others(inSchool('teacher')) },
          { weight: 1, ids: others(inSchool('staff')) },
          { weight: 0.5, ids: others(families.filter(([, kids]) => kids.some((k) => myStudents.includes(k.id))).map(([adult]) => adult.id)) },
        ];
      } else if (m.role === 'parent') {
        const kids = (childrenOf.get(me) ?? []).filter((k) => studentSchool.get(k) === schoolId);
        groups = [
          { weight: 6, ids: kids },
          { weight: 4, ids: others(schoolClasses.filter((c) => c.students.some((x) => kids.includes(x.id))).flatMap(teachersOfClass)) },
        ];
      } else {
        groups = [
          { weight: 5, ids: others(inSchool('student')) },
          { weight: 4, ids: others(inSchool('teacher')) },
          { weight: 1, ids: others(inSchool('staff')) },
        ];
      }
      audiences.set(`${schoolId}|${me}`, { groups: groups.filter((g) => g.ids.length > 0) });
    }
  }
  // The accounts people sign in with get noticed more often, so their dashboards look alive.
  const featured = new Set([student.id, teacher.id]);
  const pickReceiver = (audience: Audience) => {
    const total = audience.groups.reduce((sum, g) => sum + g.weight, 0);
    let r = rnd.float() * total;
    const group = audience.groups.find((g) => (r -= g.weight) < 0) ?? audience.groups[audience.groups.length - 1]!;
    const star = group.ids.filter((x) => featured.has(x));
    if (star.length > 0 && rnd.chance(0.3)) return rnd.pick(star);
    return rnd.pick(group.ids);
  };

  // Mean High 5s given per school day by each member (vibes: a third of that).
  const rate = (schoolId: string, m: Member) => {
    if (m.person === student) return 0.8;
    if (m.person === teacher) return schoolId === elementary ? 1.1 : 0.6;
    if (m.person === parent) return 0.3;
    if (m.person === admin) return 0.7;
    return { student: 0.15, teacher: 0.45, parent: 0.06, staff: 0.4 }[m.role];
  };

  // --- the school year, day by day ----------------------------------------------------------
  const schoolDays: string[] = [];
  for (let d = yearStart; d <= today; d = addDays(d, 1)) if (isSchoolDay(d)) schoolDays.push(d);

  interface PendingRecognition {
    row: Insertable<DB['recognitions']>;
    categories: string[];
  }
  const recognitions: PendingRecognition[] = [];
  const givenPerDay = new Map<string, number>();
  const dailyLimit = 20; // both schools keep the default limit
  const comment = (lang: Lang, pool: Record<Lang, string[]>) => rnd.pick(pool[rnd.chance(lang === 'es' ? 0.85 : 0.1) ? 'es' : 'en']);

  for (const day of schoolDays) {
    for (const [schoolId, list] of Object.entries(members)) {
      for (const m of list) {
        const audience = audiences.get(`${schoolId}|${m.person.id}`)!;
        if (audience.groups.length === 0) continue;
        const mean = rate(schoolId, m);
        for (const kind of ['high5', 'vibe'] as const) {
          const count = rnd.poisson(kind === 'high5' ? mean : mean / 3);
          for (let i = 0; i < count; i++) {
            const key = `${m.person.id}|${day}`;
            const given = givenPerDay.get(key) ?? 0;
            if (given >= dailyLimit) break;
            // Parents give in the evening, everyone else during the school day.
            const minute = m.role === 'parent' ? rnd.int(17 * 60 + 30, 21 * 60) : rnd.int(8 * 60, 15 * 60 + 30);
            const givenAt = localInstant(day, minute);
            if (givenAt > now) continue;
            const receiverId = pickReceiver(audience);
            const receiverRole = roleIn.get(`${schoolId}|${receiverId}`)!;
            const lang = language.get(m.person.id)!;
            let text = '';
            if (m.role === 'student' && receiverRole === 'student')
              text = ''; // the comment box is hidden between students
            else if (kind === 'vibe') text = rnd.chance(0.75) ? comment(lang, VIBE_COMMENTS) : '';
            else if (m.role === 'parent' && receiverRole === 'student') text = comment(lang, HIGH5_TO_CHILD);
            else text = comment(lang, receiverRole === 'student' ? HIGH5_TO_STUDENT : HIGH5_TO_ADULT);
            const options = categoriesFor(schoolId, kind);
            recognitions.push({
              row: {
                kind,
                schoolId,
                giverId: m.person.id,
                giverRole: m.role,
                receiverId,
                receiverRole,
                comment: text,
                givenAt,
                schoolDate: toIsoDate(givenAt, TZ),
              },
              categories: rnd.sample(options, kind === 'high5' ? rnd.int(1, 3) : rnd.int(1, 2)),
            });
            givenPerDay.set(key, given + 1);
          }
        }
      }
    }
  }
  recognitions.sort((a, b) => (a.row.givenAt as Date).getTime() - (b.row.givenAt as Date).getTime());

  // RETURNING gives the generated ids in the order of the VALUES list.
  const recognitionIds: number[] = [];
  await insertChunks(recognitions, async (chunk) => {
    const rows = await tx
      .insertInto('recognitions')
      .values(chunk.map((r) => r.row))
      .returning('id')
      .execute();
    recognitionIds.push(...rows.map((r) => r.id));
  });
  await insertChunks(
    recognitions.flatMap((r, i) => r.categories.map((categoryId) => ({ recognitionId: recognitionIds[i]!, categoryId }))),
    (rows) => tx.insertInto('recognitionCategories').values(rows).execute(),
  );
  // The daily limit reads these counts, not the recognitions: seeded gives count too.
  await sql`
    INSERT INTO daily_give_counts (user_id, school_id, school_date, kind, given)
    SELECT giver_id, school_id, school_date, kind, count(*) FROM recognitions
    GROUP BY giver_id, school_id, school_date, kind`.execute(tx);

  // Parent feedback on the latest High 5s teachers gave Maya.
  const fromTeachers = recognitions
    .map((r, i) => ({ ...r.row, id: recognitionIds[i]! }))
    .filter((r) => r.kind === 'high5' && r.receiverId === student.id && r.giverRole === 'teacher')
    .slice(-3);
  const feedbackText = [
    'Thank you for noticing! Maya talked about it all through dinner.',
    'We are so happy to hear this. She has been practising at home.',
    'This made our day. Thank you for encouraging her.',
  ];
  if (fromTeachers.length > 0) {
    await tx
      .insertInto('high5Feedback')
      .values(
        fromTeachers.map((r, i) => {
          const at = new Date(Math.min(now.getTime(), (r.givenAt as Date).getTime() + 5 * 3_600_000));
          return {
            recognitionId: r.id,
            authorId: parent.id,
            teacherId: r.giverId,
            studentId: student.id,
            comment: feedbackText[i % feedbackText.length]!,
            feedbackDate: toIsoDate(at, TZ),
            createdAt: at,
          };
        }),
      )
      .execute();
  }

  // --- moods ---------------------------------------------------------------------------------
  const classOwnerOf = new Map<string, string>();
  for (const c of classes) for (const st of c.students) if (!classOwnerOf.has(st.id)) classOwnerOf.set(st.id, c.owner.id);
  // Today's unacknowledged emergencies: one in each of teacher@'s homerooms, one elsewhere.
  const emergencyToday = new Set([byName(grade4, 'Samuel').id, byName(grade7, 'Caleb').id, byName(grade5, 'Owen').id]);
  const moodDays = [...schoolDays.filter((d) => d < today), today];
  const moodRows: Insertable<DB['moods']>[] = [];
  for (const [schoolId, list] of Object.entries(members)) {
    for (const m of list) {
      if (m.role !== 'student') continue;
      const id = m.person.id;
      const cheer = 0.6 + rnd.float() * 0.3; // each child has their own share of pleasant days
      const lang = language.get(id)!;
      for (const day of moodDays) {
        const isToday = day === today;
        const forced = isToday && emergencyToday.has(id);
        // Maya has not checked in today, so the demo can show the mood meter fresh.
        if (isToday && id === student.id) continue;
        if (!forced && !rnd.chance(isToday ? 0.7 : id === student.id ? 0.95 : 0.8)) continue;
        const checkedInAt = new Date(Math.min(localInstant(day, rnd.int(7 * 60 + 30, 9 * 60)).getTime(), now.getTime()));
        const low = forced || !rnd.chance(cheer);
        let priority: 'none' | 'not-today' | 'today' = 'none';
        if (low) priority = forced ? 'today' : !isToday && rnd.chance(0.15) ? 'today' : 'not-today';
        const acknowledged = priority === 'today' && !forced;
        moodRows.push({
          userId: id,
          schoolId,
          schoolDate: day,
          mood: low ? rnd.pick(UNPLEASANT) : rnd.pick(PLEASANT),
          lowEnjoyment: low,
          emergency: low,
          emergencyPriority: priority,
          comment: forced ? (lang === 'es' ? 'No me siento bien hoy' : 'I am not feeling okay today') : rnd.chance(0.12) ? comment(lang, MOOD_COMMENTS) : '',
          checkedInAt,
          acknowledgedAt: acknowledged ? new Date(checkedInAt.getTime() + minutesToAnswer(rnd.float()) * 60_000) : null,
          acknowledgedBy: acknowledged ? (classOwnerOf.get(id) ?? null) : null,
        });
      }
    }
  }
  await insertChunks(moodRows, (rows) => tx.insertInto('moods').values(rows).execute());

  // --- well-being alerts -----------------------------------------------------------
  // Demo Elementary names its counsellor (staff@) and escalates to its admin; Demo Middle keeps the
  // defaults (escalation to its admins). Every "today" check-in became an alert: answered ones are
  // closed by the adult who acknowledged it (escalated when that took over 30 minutes); today's
  // three wait for an answer.
  await tx
    .insertInto('schoolAlertSettings')
    .values([
      { schoolId: elementary, counsellorIds: [staff.id], escalationTiers: JSON.stringify([[admin.id]]), escalationMinutes: 30 },
      { schoolId: middle, escalationMinutes: 30 },
    ])
    .execute();
  // Its own random source: the rest of the demo stays as it was.
  const arnd = new Random(20261126);
  const trusted = await tx.selectFrom('trustedAdults').select(['studentId', 'adultId']).execute();
  const alertRows: Insertable<DB['alerts']>[] = [];
  const signalRows: Insertable<DB['alertSignals']>[] = [];
  const recipientRows: Insertable<DB['alertRecipients']>[] = [];
  const actionRows: Insertable<DB['alertActions']>[] = [];
  const ACTIONS = ['talked', 'talked', 'contactedFamily', 'referredCounsellor'] as const;
  for (const m of moodRows.filter((r) => r.emergencyPriority === 'today')) {
    const id = arnd.uuid();
    const openedAt = m.checkedInAt as Date;
    const ackAt = (m.acknowledgedAt as Date | null) ?? null;
    const escalateAt = new Date(openedAt.getTime() + 30 * 60_000);
    const escalated = ackAt !== null && ackAt > escalateAt;
    alertRows.push({
      id,
      schoolId: m.schoolId,
      studentId: m.userId,
      openedAt,
      tier: escalated ? 1 : 0,
      nextStepAt: ackAt ? null : escalateAt,
      escalatedAt: escalated ? escalateAt : null,
      firstAcknowledgedAt: ackAt,
      closedAt: ackAt,
      pendingSince: ackAt ? null : openedAt,
    });
    signalRows.push({ id: arnd.uuid(), alertId: id, at: openedAt, mood: m.mood, priority: 'today' });
    const first = new Set(
      [...trusted.filter((t) => t.studentId === m.userId).map((t) => t.adultId), classOwnerOf.get(m.userId)].filter((a): a is string => !!a),
    );
    if (m.schoolId === elementary) first.add(staff.id);
    for (const adultId of first)
      recipientRows.push({
        alertId: id,
        adultId,
        tier: 0,
        reason: adultId === classOwnerOf.get(m.userId) ? 'classTeacher' : adultId === staff.id ? 'counsellor' : 'trustedAdult',
        notifiedAt: openedAt,
      });
    if (escalated && m.schoolId === elementary && !first.has(admin.id))
      recipientRows.push({ alertId: id, adultId: admin.id, tier: 1, reason: 'escalation', notifiedAt: escalateAt });
    if (ackAt)
      actionRows.push({
        id: arnd.uuid(),
        alertId: id,
        actorId: (m.acknowledgedBy as string | null) ?? null,
        at: ackAt,
        action: arnd.pick(ACTIONS),
        note: '',
        closed: true,
      });
  }
  await insertChunks(alertRows, (rows) => tx.insertInto('alerts').values(rows).execute());
  await insertChunks(signalRows, (rows) => tx.insertInto('alertSignals').values(rows).execute());
  await insertChunks(recipientRows, (rows) => tx.insertInto('alertRecipients').values(rows).execute());
  await insertChunks(actionRows, (rows) => tx.insertInto('alertActions').values(rows).execute());

  // --- journal, notes, seating, attendance ---------------------------------------------------
  const journalRows = (['student', 'teacher'] as const).flatMap((who) =>
    JOURNAL[who].map((entry, i) => {
      const at = new Date(Math.min(localInstant(addDays(today, -(i * 5 + 1)), 19 * 60 + i * 7).getTime(), now.getTime()));
      return { userId: who === 'student' ? student.id : teacher.id, heading: entry.heading, description: entry.description, writtenAt: at, updatedAt: at };
    }),
  );
  await tx.insertInto('journalEntries').values(journalRows).execute();

  await tx
    .insertInto('studentNotes')
    .values([
      {
        schoolId: elementary,
        studentId: student.id,
        authorId: teacher.id,
        body: 'Maya led her reading group today and helped two classmates sound out new words.',
        createdAt: localInstant(addDays(today, -6), 15 * 60 + 40),
      },
      {
        schoolId: elementary,
        studentId: byName(grade4, 'Samuel').id,
        authorId: teacher.id,
        body: 'Samuel does best with directions given one step at a time. Check in after recess.',
        createdAt: localInstant(addDays(today, -12), 15 * 60 + 45),
      },
      {
        schoolId: middle,
        studentId: byName(grade7, 'Caleb').id,
        authorId: teacher.id,
        body: 'Caleb asked for extra time on the lab write-up; agreed to Friday.',
        createdAt: localInstant(addDays(today, -3), 14 * 60 + 10),
      },
    ])
    .execute();

  // Seats are keyed "row_col", zero-based, row 0 being the front.
  const homeroom = classByCode('G4ROOM12');
  const seats: Record<string, string> = {};
  homeroom.students.forEach((st, i) => (seats[`${Math.floor(i / 3)}_${i % 3}`] = st.id));
  await tx
    .insertInto('seatingCharts')
    .values({
      classId: homeroom.id,
      name: 'Morning groups',
      rows: 3,
      cols: 3,
      deskDirection: 0,
      seats: JSON.stringify(seats),
      createdBy: teacher.id,
      updatedAt: localInstant(addDays(today, -7), 7 * 60 + 45),
    })
    .execute();

  const recentDays = schoolDays.filter((d) => d < today).slice(-10);
  const attendanceRows: Insertable<DB['attendance']>[] = [];
  for (const c of classes) {
    for (const day of recentDays) {
      for (const st of c.students) {
        const r = rnd.float();
        attendanceRows.push({
          classId: c.id,
          studentId: st.id,
          schoolDate: day,
          code: r < 0.9 ? 'P' : r < 0.94 ? 'T' : r < 0.98 ? 'A' : 'E',
          recordedBy: c.owner.id,
          recordedAt: localInstant(day, 8 * 60 + 20),
        });
      }
    }
  }
  await insertChunks(attendanceRows, (rows) => tx.insertInto('attendance').values(rows).execute());
}

/** Inserts `rows` in chunks: one statement per chunk keeps well under PostgreSQL's parameter limit. */
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
