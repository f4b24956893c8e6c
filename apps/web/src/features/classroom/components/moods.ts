import { MOODS, moodInfo, type MoodGroup } from '@high5/contract';

export { MOODS, moodInfo };

/** The seating chart's mood colours (docs/rules/classroom.md#mood-meter), light enough for dark text. */
export const MOOD_COLOURS: Record<MoodGroup, { main: string; light: string; label: string }> = {
  red: { main: '#c62828', light: '#ffebee', label: 'red' },
  yellow: { main: '#f9a825', light: '#fff8e1', label: 'yellow' },
  blue: { main: '#1565c0', light: '#e3f2fd', label: 'blue' },
  green: { main: '#2e7d32', light: '#e8f5e9', label: 'green' },
};

/** Colour emoji fonts first: some text fonts carry black-and-white emoji glyphs. */
export const EMOJI_FONT = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", "Android Emoji", "Twemoji Mozilla", sans-serif';

export const moodEmoji = (key: string | null | undefined) => (key ? (moodInfo(key)?.emoji ?? '') : '');
export const moodGroup = (key: string | null | undefined): MoodGroup | null => (key ? (moodInfo(key)?.group ?? null) : null);
