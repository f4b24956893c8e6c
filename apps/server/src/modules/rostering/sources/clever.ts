import type { RosterFlag, RosterSourceWarning } from '@high5/contract';
import { getJson, HttpStatusError, normalizeBaseUrl, type HttpOptions } from './http.js';
import { RosterSourceError, type RosterPerson, type RosterRead, type RosterRole, type RosterSection, type RosterSource } from './types.js';

/**
 * Clever API v3.1, else v3.0 for an app Clever keeps on it (docs/decisions/0410, 0506): a
 * district-app token from `GET /oauth/tokens?owner_type=district` with the client key and secret
 * as HTTP Basic, then schools, users by role and sections, each followed through `links`
 * `rel: next` with `limit` at the documented maximum (10,000).
 */

export interface CleverOptions extends HttpOptions {
  /** Where tokens come from (default: see cleverTokenUrl). */
  tokenUrl?: string;
  /** Records per page (default and maximum 10,000). */
  pageSize?: number;
  /**
   * Only this version (tests). Default: v3.1 (`section_504_status` is v3.1 only), and v3.0 when
   * Clever refuses v3.1 to the district's app; IEP and English learner are in both.
   */
  apiVersion?: '3.0' | '3.1';
  /** Guard against a source whose paging never ends (default 100,000 pages per resource). */
  maxPages?: number;
}

interface Credentials {
  clientKey: string;
  clientSecret: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The one district a district-app token sees, from `GET /districts`. */
const districtOf = (body: Json) => (Array.isArray(body.data) && isObject(body.data[0]) && isObject(body.data[0].data) ? body.data[0].data : null);

const yesNo = (v: unknown) => (v === 'Y' ? true : v === 'N' ? false : null);

/** Clever grades are strings: "Kindergarten", "1"…"13", "PreKindergarten", "Ungraded" …; High5 keeps K to 12. */
function grade(v: unknown): number | null {
  if (v === 'Kindergarten' || v === 'TransitionalKindergarten') return 0;
  const n = typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : NaN;
  return n >= 1 && n <= 12 ? n : null;
}

/**
 * Clever's own API (`api.clever.com`) takes tokens from `https://clever.com/oauth/tokens`; any
 * other base URL (a district's proxy, the local fake) serves them at `{base}/oauth/tokens`
 * (docs/decisions/0482).
 */
export function cleverTokenUrl(base: URL) {
  return base.hostname === 'api.clever.com' ? new URL('https://clever.com/oauth/tokens') : new URL('oauth/tokens', base);
}

export class CleverSource implements RosterSource {
  private readonly base: URL;
  private readonly tokenUrl: URL;
  private version: '3.0' | '3.1' | null;
  private token: string | null = null;

  constructor(
    baseUrl: string,
    private readonly credentials: Credentials,
    private readonly options: CleverOptions = {},
  ) {
    this.base = normalizeBaseUrl(baseUrl);
    this.tokenUrl = options.tokenUrl ? new URL(options.tokenUrl) : cleverTokenUrl(this.base);
    this.version = options.apiVersion ?? null;
  }

  async testConnection(signal?: AbortSignal) {
    const { version, body } = await this.districts(signal);
    const name = str(districtOf(body)?.name);
    if (!name) throw new RosterSourceError('roster_malformed', 'GET /districts: no district in the answer');
    return { description: `Clever: ${name} (API v${version})`, warnings: this.warnings(version) };
  }

  /**
   * The district through v3.1; an app Clever keeps on v3.0 is refused v3.1 with a 4xx (not 401),
   * and then v3.0 is what the district's data is read with.
   */
  private async districts(signal?: AbortSignal): Promise<{ version: '3.0' | '3.1'; body: Json }> {
    if (this.version) return { version: this.version, body: await this.api(`v${this.version}/districts`, signal) };
    let body: Json;
    try {
      body = await this.api('v3.1/districts', signal);
      this.version = '3.1';
    } catch (error) {
      if (!(error instanceof HttpStatusError && error.status >= 400 && error.status < 500)) throw error;
      body = await this.api('v3.0/districts', signal);
      this.version = '3.0';
    }
    return { version: this.version, body };
  }

  /** On v3.0 no 504 plans come from Clever: the schools keep their own, and the report says why. */
  private warnings(version: '3.0' | '3.1'): RosterSourceWarning[] {
    return version === '3.0' ? [{ code: 'clever_v30', values: {} }] : [];
  }

  async read({ signal }: { cursor?: string | null; signal?: AbortSignal }): Promise<RosterRead> {
    const { version, body } = await this.districts(signal);
    const sourceDistrictId = str(districtOf(body)?.id);
    if (!sourceDistrictId) throw new RosterSourceError('roster_malformed', 'GET /districts: no district id in the answer');
    const schools = (await this.all('schools', signal)).map((s) => ({ sourceId: s.id, name: this.need(str(s.name), 'school', s.id, 'name') }));
    const people: RosterPerson[] = [];
    for (const role of ['student', 'teacher', 'staff'] as const) {
      for (const user of await this.all(`users?role=${role}`, signal)) people.push(this.person(user, role));
    }
    const sections: RosterSection[] = (await this.all('sections', signal)).map((s) => ({
      sourceId: s.id,
      schoolSourceId: this.need(str(s.school), 'section', s.id, 'school'),
      name: this.need(str(s.name), 'section', s.id, 'name'),
      teacherSourceIds: this.ids(s.teachers ?? (s.teacher ? [s.teacher] : []), s.id),
      studentSourceIds: this.ids(s.students ?? [], s.id),
    }));
    const flags: RosterFlag[] = version === '3.1' ? ['iep', 'plan504', 'englishLearner'] : ['iep', 'englishLearner'];
    return {
      mode: 'full',
      snapshot: { schoolYear: null, schools, people, sections },
      cursor: null,
      sourceWarnings: this.warnings(version),
      carries: { flags, columns: [] },
      sourceDistrictId,
    };
  }

  private person(user: Json & { id: string }, role: RosterRole): RosterPerson {
    const roles = user.roles;
    const name = user.name;
    const data = isObject(roles) ? roles[role] : undefined;
    if (!isObject(data) || !isObject(name)) throw new RosterSourceError('roster_malformed', `user ${user.id}: no ${isObject(name) ? `${role} role` : 'name'}`);
    const schools = Array.isArray(data.schools) ? data.schools.filter((s): s is string => typeof s === 'string') : [];
    if (schools.length === 0 && typeof data.school === 'string') schools.push(data.school);
    const email = str(user.email)?.trim().toLowerCase() || null;
    const credentials = isObject(data.credentials) ? data.credentials : {};
    const person: RosterPerson = {
      sourceId: user.id,
      role,
      schoolSourceIds: schools,
      firstName: this.need(str(name.first), 'user', user.id, 'first name'),
      lastName: this.need(str(name.last), 'user', user.id, 'last name'),
      email,
      sisUsername: str(credentials.district_username),
    };
    if (role === 'student') {
      person.grade = grade(data.grade);
      // "N" is an answer (the flag is cleared); only an absent or empty field leaves the school's (docs/decisions/0505).
      person.iep = yesNo(data.iep_status);
      person.plan504 = yesNo(data.section_504_status);
      person.englishLearner = yesNo(data.ell_status);
    }
    return person;
  }

  private need<T>(value: T | null, kind: string, id: string, field: string): T {
    if (value === null || value === '') throw new RosterSourceError('roster_malformed', `${kind} ${id}: no ${field}`);
    return value;
  }

  private ids(value: unknown, sectionId: string): string[] {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
      throw new RosterSourceError('roster_malformed', `section ${sectionId}: members are not a list of ids`);
    return value as string[];
  }

  /** Every record of a resource, following `next` to the end; a page that brings nothing new stops it. */
  private async all(resource: string, signal?: AbortSignal): Promise<(Json & { id: string })[]> {
    const limit = Math.min(this.options.pageSize ?? 10_000, 10_000);
    const maxPages = this.options.maxPages ?? 100_000;
    const out: (Json & { id: string })[] = [];
    const seen = new Set<string>();
    const seenUris = new Set<string>();
    let uri: string | null = `/v${this.version ?? '3.0'}/${resource}${resource.includes('?') ? '&' : '?'}limit=${limit}`;
    for (let pages = 0; uri; pages++) {
      if (pages >= maxPages || seenUris.has(uri)) throw new RosterSourceError('roster_endless_paging', `GET /${resource}: paging repeats or does not end`);
      seenUris.add(uri);
      const body = await this.api(uri.replace(/^\//, ''), signal);
      if (!Array.isArray(body.data)) throw new RosterSourceError('roster_malformed', `GET /${resource}: no data list`);
      let fresh = 0;
      for (const item of body.data) {
        const data = isObject(item) ? item.data : undefined;
        if (!isObject(data) || typeof data.id !== 'string' || !data.id)
          throw new RosterSourceError('roster_malformed', `GET /${resource}: a record without an id`);
        if (seen.has(data.id)) continue;
        seen.add(data.id);
        fresh++;
        out.push(data as Json & { id: string });
      }
      const next = Array.isArray(body.links) ? body.links.find((l) => isObject(l) && l.rel === 'next') : undefined;
      uri = isObject(next) ? str(next.uri) : null;
      if (uri && fresh === 0) throw new RosterSourceError('roster_endless_paging', `GET /${resource}: a page brought no new records`);
    }
    return out;
  }

  /** One API call with the district token; a rejected token is fetched again once. */
  private async api(path: string, signal?: AbortSignal): Promise<Json> {
    for (let attempt = 0; ; attempt++) {
      const token = this.token ?? (await this.fetchToken(signal));
      try {
        const body = await getJson(new URL(path, this.base), { authorization: `Bearer ${token}` }, { ...this.options, signal });
        if (!isObject(body)) throw new RosterSourceError('roster_malformed', `GET /${path.split('?')[0]}: not a JSON object`);
        return body;
      } catch (error) {
        if (error instanceof RosterSourceError && error.code === 'roster_auth_failed' && attempt === 0 && this.token) {
          this.token = null;
          continue;
        }
        throw error;
      }
    }
  }

  private async fetchToken(signal?: AbortSignal): Promise<string> {
    const url = new URL(this.tokenUrl);
    url.searchParams.set('owner_type', 'district');
    const basic = Buffer.from(`${this.credentials.clientKey}:${this.credentials.clientSecret}`).toString('base64');
    const body = await getJson(url, { authorization: `Basic ${basic}` }, { ...this.options, signal });
    const tokens = isObject(body) && Array.isArray(body.data) ? body.data.filter(isObject) : [];
    const district = tokens.find((t) => isObject(t.owner) && t.owner.type === 'district');
    const token = district ? str(district.access_token) : null;
    if (!token) throw new RosterSourceError('roster_auth_failed', 'GET /oauth/tokens: no district token for these credentials');
    this.token = token;
    return token;
  }
}
