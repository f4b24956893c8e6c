/** Smallest size a card's name shrinks to; a word that still does not fit ends in "…" (the full name shows on hover and focus). */
export const NAME_FONT_MIN = 10;

let context: CanvasRenderingContext2D | null | undefined;

/**
 * The font size (at most `base`) at which the name's longest word fits `width` on one line, so a
 * name wraps between words, never inside one. Measured
 * with the page's own font; without a canvas, `base`.
 */
export function nameFontSize(name: string, width: number, base: number, fontFamily: string) {
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return base;
  context.font = `600 ${base}px ${fontFamily}`;
  const longest = Math.max(...name.split(/\s+/).map((word) => context!.measureText(word).width));
  // A pixel to spare: the canvas and the layout round text widths differently.
  const room = width - 1;
  if (longest <= room) return base;
  return Math.max(NAME_FONT_MIN, Math.floor(((base * room) / longest) * 10) / 10);
}
