/** Business constants shared by the server and the web app. */
export const LIMITS = {
  notificationMs: 5000,
  footerRefreshMs: 120_000,
  splashMs: 3500,
  resetRedirectMs: 5000,
  idleLockSeconds: 300,
  helpAreaMinWidth: 550,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  categoryNameMax: 35,
  categoryLabelShown: 15,
  commentMax: 500,
  defaultDailyGiveLimit: 20,
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 12,
  tempPasswordDays: 7,
  resetCodeMinutes: 60,
  profilePhotoLinkSeconds: 900,
  seatingPhotoLinkSeconds: 3600,
  photoMaxUploadBytes: 5 * 1024 * 1024,
} as const;

/** Symbols the password rule accepts ("common punctuation"). */
export const PASSWORD_SYMBOLS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?~\`` as const;

export interface PasswordChecks {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  symbol: boolean;
}

/** The live checklist and the server's rule are this one function. */
export function checkPassword(password: string): PasswordChecks {
  return {
    length: password.length >= LIMITS.passwordMinLength && password.length <= LIMITS.passwordMaxLength,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
    symbol: [...password].some((c) => PASSWORD_SYMBOLS.includes(c)),
  };
}

export const passwordMeetsRule = (password: string) => Object.values(checkPassword(password)).every(Boolean);
