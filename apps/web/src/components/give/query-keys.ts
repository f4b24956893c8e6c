/** Query keys of the recognition data, shared by the give dialogs and the recognition screens. */
export const recognitionKeys = {
  all: ['recognition'] as const,
  dashboard: () => ['recognition', 'dashboard'] as const,
  allowance: () => ['recognition', 'allowance'] as const,
  recipients: (role: string, q: string, offset: number, limit: number) => ['recognition', 'recipients', role, q, offset, limit] as const,
  giveOptions: (kind: string, recipientId: string, language: string) => ['recognition', 'giveOptions', kind, recipientId, language] as const,
  /** A received report's page (the table) or, with `categoryId`, a category's items a page at a time (the dialog). */
  received: (query: object) => ['recognition', 'received', query] as const,
  receivedCategory: (query: object) => ['recognition', 'received', 'category', query] as const,
};

/** The footer's total (app/shell/footer.tsx). */
export const footerCountKey = ['high5Count'] as const;
