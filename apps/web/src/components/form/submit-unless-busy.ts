import type { FormEvent } from 'react';

/**
 * A form's `onSubmit` that runs `submit` (a react-hook-form `handleSubmit`) unless a send is still
 * under way: a second Enter or click meanwhile neither sends again nor reloads the page.
 */
export function submitUnlessBusy(busy: boolean, submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };
}
