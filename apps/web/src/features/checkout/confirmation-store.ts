/**
 * The confirmation answer kept for /checkout/confirmation, in the tab's session storage: a reload
 * of the confirmation page still finds it, another tab or a later visit does not.
 */
import type { ConfirmOrderAnswer } from '@grove/domain/api/billing';

/** The confirmation answer and the card it was paid with ('Visa •••• 4242'), which the answer does not carry. */
export interface StoredConfirmation {
  answer: ConfirmOrderAnswer;
  card: string | null;
}

const CONFIRMATION_KEY = 'grove.checkout.confirmation';

export function saveConfirmation(confirmation: StoredConfirmation): void {
  try {
    window.sessionStorage.setItem(CONFIRMATION_KEY, JSON.stringify(confirmation));
  } catch {
    // Storage refused: the confirmation page then explains where to go next.
  }
}

/** The stored confirmation, or null when checkout was not completed in this tab. */
export function readConfirmation(): StoredConfirmation | null {
  try {
    const text = window.sessionStorage.getItem(CONFIRMATION_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<StoredConfirmation> | null;
    const answer = value?.answer;
    if (typeof answer?.order?.external_id !== 'string' || typeof answer.subscription !== 'object') return null;
    return { answer, card: typeof value?.card === 'string' ? value.card : null };
  } catch {
    return null;
  }
}
