import { HAND_OPTIONS, type ColourInfo, type Hand } from '@high5/contract';

export type Pose = 'open' | 'peace' | 'point';
export type Extras = 'none' | 'bracelet' | 'chain' | 'both';
export type Part = 'hand' | 'chain' | 'bracelet';

const POSES: Pose[] = ['open', 'peace', 'point'];
const EXTRAS: Extras[] = ['none', 'bracelet', 'chain', 'both'];

/** Hand1..Hand12: three poses, each plain, with a bracelet, with a chain, and with both. */
export function handShape(hand: Hand): { number: number; pose: Pose; extras: Extras; chain: boolean; bracelet: boolean } {
  const index = HAND_OPTIONS.indexOf(hand);
  const extras = EXTRAS[index % 4]!;
  return {
    number: index + 1,
    pose: POSES[Math.floor(index / 4)]!,
    extras,
    chain: extras === 'chain' || extras === 'both',
    bracelet: extras === 'bracelet' || extras === 'both',
  };
}

export const POSE_GLYPH: Record<Pose, string> = { open: '✋', peace: '✌️', point: '☝️' };

export const DEFAULT_COLOURS: ColourInfo = { handSelected: 'Hand1', hand: '#e0ac69', chain: '#d4af37', bracelet: '#6a1b9a' };

/** Named swatches per part (names in `profile:avatar.swatches`); any other colour through the colour input. */
export const SWATCHES: Record<Part, { key: string; value: string }[]> = {
  hand: [
    { key: 'skin1', value: '#f6d7c3' },
    { key: 'skin2', value: '#f1c27d' },
    { key: 'skin3', value: '#e0ac69' },
    { key: 'skin4', value: '#c68642' },
    { key: 'skin5', value: '#8d5524' },
    { key: 'skin6', value: '#5c3a21' },
    { key: 'purple', value: '#8e24aa' },
    { key: 'teal', value: '#00897b' },
  ],
  chain: [
    { key: 'gold', value: '#d4af37' },
    { key: 'silver', value: '#c0c0c0' },
    { key: 'rose', value: '#b76e79' },
    { key: 'black', value: '#222222' },
    { key: 'blue', value: '#1e88e5' },
  ],
  bracelet: [
    { key: 'purple', value: '#6a1b9a' },
    { key: 'red', value: '#e53935' },
    { key: 'blue', value: '#1e88e5' },
    { key: 'green', value: '#43a047' },
    { key: 'pink', value: '#ec407a' },
    { key: 'gold', value: '#d4af37' },
  ],
};
