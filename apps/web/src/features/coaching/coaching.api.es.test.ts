/**
 * The family's coaching reads and refusals in Spanish (issue 29 item 1): a failed read's
 * notification title and the fallback of a refusal follow the page's language; the coach's
 * workspace reads stay English (docs/decisions/0074-languages.md).
 */
import { describe, expect, it } from 'vitest';

import { loadLanguage } from '../../lib/i18n.ts';
import {
  availableHoursQuery,
  callsQuery,
  coachProfileQuery,
  coachesQuery,
  notesQuery,
  refusalText,
  userBookingsQuery,
} from './coaching.api.ts';

describe('coaching reads and refusals, in the page’s language', () => {
  it('name a failed read of the family in English by default', () => {
    expect(coachProfileQuery(3).meta?.errorTitle).toBe('Loading your coach');
    expect(availableHoursQuery('w1', '2026-11-23').meta?.errorTitle).toBe('Loading the free times');
    expect(refusalText('not an error')).toBe('Something went wrong. Please try again.');
  });

  it('name a failed read of the family, and a refusal without words, in Spanish', async () => {
    await loadLanguage('es', ['app']);
    expect(coachProfileQuery(3).meta).toEqual({
      errorTitle: 'No se pudo cargar su coach',
      notify: 'coachAccountFetch',
    });
    expect(coachesQuery().meta?.errorTitle).toBe('No se pudieron cargar los coaches');
    expect(availableHoursQuery('w1', '2026-11-23').meta?.errorTitle).toBe('No se pudieron cargar los horarios libres');
    expect(userBookingsQuery('upcoming').meta?.errorTitle).toBe('No se pudieron cargar sus llamadas');
    expect(userBookingsQuery('past').meta?.errorTitle).toBe('No se pudieron cargar sus llamadas pasadas');
    expect(notesQuery(6).meta?.errorTitle).toBe('No se pudieron cargar las notas de su coach');
    expect(refusalText(null)).toBe('Algo salió mal. Inténtelo de nuevo.');
    expect(refusalText(new Error('Internal Server Error'))).toBe('Internal Server Error');
    // The coach's workspace stays English.
    expect(callsQuery('past').meta?.errorTitle).toBe('Loading recent calls');
  });
});
