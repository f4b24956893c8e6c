/**
 * Time zones as people name them: "Pacific Time (Los Angeles)", "hora del Pacífico (Los Ángeles)",
 * from the browser's own data (Intl.supportedValuesOf and the 'longGeneric' zone name in the user's
 * language), never a list of raw IANA ids (docs/decisions/0316-friendly-time-zones.md).
 */
export interface TimeZoneOption {
  id: string;
  /** e.g. "Pacific Time (Los Angeles)". */
  label: string;
  /** The generic name alone, e.g. "Pacific Time", to group the list. */
  group: string;
  /** Minutes east of UTC now, to sort the list. */
  offset: number;
}

/** Zones a US school most likely uses, listed first. */
const COMMON = [
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Chicago',
  'America/New_York',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
];

const cache = new Map<string, TimeZoneOption[]>();

function zoneName(id: string, language: string, style: 'longGeneric' | 'shortOffset') {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone: id, timeZoneName: style }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? id;
  } catch {
    return id;
  }
}

/** The city of an IANA id ("Los Angeles"); null when the generic name already says it. */
function cityOf(id: string, generic: string) {
  const city = id.split('/').pop()!.replace(/_/g, ' ');
  return generic.toLowerCase().includes(city.toLowerCase()) ? null : city;
}

function offsetMinutes(id: string) {
  const text = zoneName(id, 'en', 'shortOffset'); // "GMT-8", "GMT+5:30", "GMT"
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(text);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The label of one zone in a language. */
export function timeZoneLabel(id: string, language: string) {
  const name = zoneName(id, language, 'longGeneric');
  const generic = name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  const city = cityOf(id, generic);
  return city ? `${generic} (${city})` : generic;
}

/** Every zone the browser knows, labelled in `language`, the usual US zones first, then by offset and name. */
export function timeZoneOptions(language: string, current?: string): TimeZoneOption[] {
  const key = `${language}|${current ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const ids = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [...COMMON];
  const all = new Set([...ids, ...(current ? [current] : [])]);
  const options = [...all].map((id) => ({ id, label: timeZoneLabel(id, language), group: zoneName(id, language, 'longGeneric'), offset: offsetMinutes(id) }));
  const rank = (o: TimeZoneOption) => {
    const i = COMMON.indexOf(o.id);
    return i === -1 ? COMMON.length : i;
  };
  options.sort((a, b) => rank(a) - rank(b) || a.offset - b.offset || a.label.localeCompare(b.label, language));
  cache.set(key, options);
  return options;
}

/** Search that ignores case and accents, over the label and the IANA id ("los angeles" finds "Los Ángeles"). */
export function matchesTimeZone(option: TimeZoneOption, query: string) {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[_/]/g, ' ');
  const q = fold(query.trim());
  return !q || fold(option.label).includes(q) || fold(option.id).includes(q);
}
