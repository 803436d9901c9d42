/**
 * The share links' query keys (issue 17 item 5): features/sharing reads and changes the links, and
 * the data-rights panel reads an account's links again once a deletion has been carried out.
 */
export const sharingKeys = {
  all: ['sharing'] as const,
  list: (accountId: number) => [...sharingKeys.all, 'list', accountId] as const,
  summary: (token: string) => [...sharingKeys.all, 'summary', token] as const,
};
