import { QueryClientProvider, useQuery } from '@tanstack/react-query';

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { loadLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { LoadError, QueryState } from './load-state.tsx';

describe('LoadError', () => {
  it('says what could not be loaded in an alert, and Try again asks again', async () => {
    const onRetry = vi.fn();
    render(<LoadError what="your invoices" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load your invoices.');
    expect(alert).toHaveClass('load-error');
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(alert).toContainElement(button);
    expect(button).toHaveAttribute('type', 'button');
    // Several on one screen stay apart: the button is described by its sentence.
    expect(button).toHaveAccessibleDescription('We couldn’t load your invoices.');

    await userEvent.setup().click(button);
    expect(onRetry).toHaveBeenCalledTimes(1);
    // The click event is not passed on (a query's refetch would read it as its options).
    expect(onRetry).toHaveBeenCalledWith();
  });

  it('is reached and pressed with the keyboard', async () => {
    const onRetry = vi.fn();
    render(<LoadError what="the notes" onRetry={onRetry} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

function Invoices({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['invoices'], queryFn: load });
  return (
    <QueryState query={query} what="your invoices">
      {(invoices) => (
        <ul aria-label="Invoices">
          {invoices.map((invoice) => (
            <li key={invoice}>{invoice}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderInvoices(load: () => Promise<string[]>) {
  return render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <Invoices load={load} />
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('shows the spinner, then the error; Try again shows the spinner again, then the data', async () => {
    let answer: (value: string[]) => void = () => {};
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderInvoices(load);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your invoices…');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load your invoices.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your invoices…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);

    answer(['INV-1', 'INV-2']);
    expect(await screen.findByRole('list', { name: 'Invoices' })).toHaveTextContent('INV-1INV-2');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes its own spinner label', () => {
    render(
      <QueryState query={{ data: undefined, isError: false, refetch: () => undefined }} what="x" label="Checking…">
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Checking…');
  });

  it('keeps the data on screen when a later refresh fails', () => {
    render(
      <QueryState query={{ data: ['INV-1'], isError: true, refetch: () => undefined }} what="your invoices">
        {(invoices) => <p>{invoices.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('INV-1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('load states in Spanish', () => {
  it('says what could not be loaded, and offers to try again, in Spanish', async () => {
    await loadLanguage('es', ['app']);
    let fail = true;
    renderInvoicesWhat('sus facturas', async () => {
      if (fail) throw new Error('offline');
      return ['INV-1'];
    });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando sus facturas…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar sus facturas.');
    expect(screen.queryByText(/We couldn’t load/)).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('INV-1')).toBeInTheDocument();
  });
});

function renderInvoicesWhat(what: string, load: () => Promise<string[]>) {
  function Listed() {
    const query = useQuery({ queryKey: ['invoices'], queryFn: load });
    return (
      <QueryState query={query} what={what}>
        {(invoices) => <p>{invoices.join(', ')}</p>}
      </QueryState>
    );
  }
  return render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <Listed />
    </QueryClientProvider>,
  );
}
