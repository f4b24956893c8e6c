/** The languages High5 speaks, in the order the language menu lists them. */
export type LanguageCode = 'en' | 'es';
export const LANGUAGES: LanguageCode[] = ['en', 'es'];
