/**
 * The i18next context for words that agree with a person's gender (Spanish "administradora"):
 * 'female' or 'male' where the profile says so, none otherwise, so the catalog's neutral
 * wording is used.
 */
export function genderContext(gender: 'M' | 'F' | 'O' | null | undefined): 'male' | 'female' | undefined {
  return gender === 'F' ? 'female' : gender === 'M' ? 'male' : undefined;
}
