/** The minimum low-enjoyment count: used only when it is a whole number above 0, else -1 (docs/rules/administration.md#mood-meter-report). */
export function parseMinimum(text: string) {
  const value = text.trim();
  const n = Number(value);
  return value !== '' && Number.isInteger(n) && n > 0 ? n : -1;
}
