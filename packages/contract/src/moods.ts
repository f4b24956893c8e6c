// The mood meter's constants, free of zod so that screens and the shell can use them without
// loading the schemas (first-load budget).

/** The mood meter's colour groups (docs/rules/classroom.md#mood-meter). */
export type MoodGroup = 'red' | 'yellow' | 'blue' | 'green';

/** The 22 mood keys of docs/rules/classroom.md#mood-meter, with their feeling, emoji and colour group. */
export const MOODS = [
  { key: 'triumph', feeling: 'frustrated', emoji: '😤', low: true, group: 'red' },
  { key: 'rage', feeling: 'angry', emoji: '😡', low: true, group: 'red' },
  { key: 'worried', feeling: 'worried', emoji: '😟', low: true, group: 'red' },
  { key: 'grimacing', feeling: 'nervous', emoji: '😬', low: true, group: 'red' },
  { key: 'unamused', feeling: 'stressed', emoji: '😒', low: true, group: 'red' },
  { key: 'face_with_rolling_eyes', feeling: 'annoyed', emoji: '🙄', low: true, group: 'red' },
  { key: 'face_with_head_bandage', feeling: 'hurt', emoji: '🤕', low: true, group: 'blue' },
  { key: 'sleeping', feeling: 'tired', emoji: '😴', low: true, group: 'blue' },
  { key: 'pensive', feeling: 'hopeless', emoji: '😔', low: true, group: 'blue' },
  { key: 'disappointed', feeling: 'miserable', emoji: '😞', low: true, group: 'blue' },
  { key: 'persevere', feeling: 'sad', emoji: '😣', low: true, group: 'blue' },
  { key: 'weary', feeling: 'lonely', emoji: '😩', low: true, group: 'blue' },
  { key: 'smiley', feeling: 'cheerful', emoji: '😃', low: false, group: 'yellow' },
  { key: 'smile', feeling: 'excited', emoji: '😄', low: false, group: 'yellow' },
  { key: 'grinning', feeling: 'happy', emoji: '😀', low: false, group: 'yellow' },
  { key: 'relaxed', feeling: 'proud', emoji: '☺️', low: false, group: 'yellow' },
  { key: 'stuck_out_tongue_winking_eye', feeling: 'playful', emoji: '😜', low: false, group: 'yellow' },
  { key: 'slightly_smiling_face', feeling: 'content', emoji: '🙂', low: false, group: 'green' },
  { key: 'innocent', feeling: 'peaceful', emoji: '😇', low: false, group: 'green' },
  { key: 'sunglasses', feeling: 'chill', emoji: '😎', low: false, group: 'green' },
  { key: 'hushed', feeling: 'calm', emoji: '😯', low: false, group: 'green' },
  { key: 'relieved', feeling: 'tranquil', emoji: '😌', low: false, group: 'green' },
] as const satisfies readonly { key: string; feeling: string; emoji: string; low: boolean; group: MoodGroup }[];

export type MoodKey = (typeof MOODS)[number]['key'];
export const MOOD_KEYS = MOODS.map((m) => m.key) as unknown as readonly [MoodKey, ...MoodKey[]];
export const moodInfo = (key: string) => MOODS.find((m) => m.key === key);
/** Low-energy or unpleasant feelings open the confirm dialog (docs/rules/classroom.md#mood-meter). */
export const isLowMood = (key: string) => moodInfo(key)?.low ?? false;

/** Limits of well-being alerts. */
export const ALERT_LIMITS = {
  noteMax: 1000,
  afterHoursMessageMax: 1000,
  tiersMax: 5,
  adultsPerTierMax: 20,
  counsellorsMax: 20,
  escalationMinutesMin: 5,
  escalationMinutesMax: 1440,
  escalationMinutesDefault: 30,
  /** The shell's badge asks again this often. */
  badgeRefreshMs: 30_000,
} as const;
