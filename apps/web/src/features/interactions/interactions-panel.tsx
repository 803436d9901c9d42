/**
 * Customer interactions (issue 26 item 2): the conversations staff and the family's coach had with
 * a family — a save_cancel form (SPEC §4) to log one (its type, channel, who reached out and
 * outcome come from the OPTIONS call; the note follows its length) and the list, newest first,
 * with who logged each and when, in the family's time zone and the spec's date format. Shown on
 * the admin account page and in the coach's brief of a family; the API decides who may read them
 * (staff, the family's coach).
 */
import { useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { interactionLabel, unsafeTextMessage, type FieldIssue } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { GroveForm, type FieldRules, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import {
  interactionOptionsQuery,
  interactionsQuery,
  INTERACTIONS_PAGE_SIZE,
  logInteraction,
  type CustomerInteraction,
  type InteractionOptions,
  type NewInteraction,
} from './interactions.api.ts';
import './interactions.css';

export const kindLabel = (kind: string) => interactionLabel('kind', kind);
export const directionLabel = (direction: string) => interactionLabel('direction', direction);
export const topicLabel = (topic: string) => interactionLabel('topic', topic);
export const outcomeLabel = (outcome: string) => interactionLabel('outcome', outcome);

const issue = (message: string): FieldIssue => ({ message, severity: 'error' });

function rulesFor(options: InteractionOptions): FieldRules {
  const choice =
    (values: readonly string[], blank: string) =>
    (value: string): FieldIssue | null =>
      values.includes(value) ? null : issue(blank);
  return {
    topic: choice(options.topics, 'Choose what it was about.'),
    kind: choice(options.kinds, 'Choose how you talked.'),
    direction: choice(options.directions, 'Choose who reached out.'),
    // Not always known when it is logged.
    outcome: (value: string) => (value === '' || options.outcomes.includes(value) ? null : issue('Choose an outcome.')),
    summary: (value: string) => {
      if (value.trim() === '') return issue('Write what was said.');
      const unsafe = unsafeTextMessage(value, true);
      if (unsafe) return issue(unsafe);
      if ([...value].length > options.summary_max_length) {
        return issue(`At most ${options.summary_max_length} characters.`);
      }
      return null;
    },
  };
}

function fieldsFor(options: InteractionOptions): FormFieldConfig[] {
  return [
    {
      name: 'topic',
      label: 'Type',
      kind: 'select',
      required: true,
      options: options.topics.map((topic) => ({ value: topic, label: topicLabel(topic) })),
    },
    {
      name: 'kind',
      label: 'Channel',
      kind: 'select',
      required: true,
      options: options.kinds.map((kind) => ({ value: kind, label: kindLabel(kind) })),
    },
    {
      name: 'direction',
      label: 'Who reached out',
      kind: 'select',
      required: true,
      // The usual case first: staff and coaches mostly log the calls they make.
      options: [...options.directions]
        .sort((a, b) => Number(b === 'outbound') - Number(a === 'outbound'))
        .map((direction) => ({ value: direction, label: directionLabel(direction) })),
    },
    {
      name: 'outcome',
      label: 'Outcome',
      kind: 'select',
      options: [
        { value: '', label: 'Not known yet' },
        ...options.outcomes.map((outcome) => ({ value: outcome, label: outcomeLabel(outcome) })),
      ],
    },
    {
      name: 'summary',
      label: 'Note',
      kind: 'textarea',
      required: true,
      maxLength: options.summary_max_length,
      hint: 'What was said and what comes next.',
      // Back to empty after each save: the form logs a new conversation every time.
      editingOnly: true,
    },
  ];
}

function InteractionForm({
  accountId,
  options,
  onLogged,
}: {
  accountId: number;
  options: InteractionOptions;
  onLogged: (interaction: CustomerInteraction) => void;
}) {
  const queryClient = useQueryClient();
  const fields = useMemo(() => fieldsFor(options), [options]);
  const rules = useMemo(() => rulesFor(options), [options]);
  const values = useMemo(
    () => ({
      topic: options.topics[0] ?? '',
      kind: options.kinds[0] ?? '',
      outcome: '',
      direction: options.directions.includes('outbound') ? 'outbound' : (options.directions[0] ?? ''),
      summary: '',
    }),
    [options],
  );
  return (
    <div className="interactions__form">
      <GroveForm
        type="save_cancel"
        title="Log a conversation"
        fields={fields}
        values={values}
        rules={rules}
        saveLabel="Log it"
        onSubmit={async (submitted) => {
          const body: NewInteraction = {
            kind: submitted.kind as NewInteraction['kind'],
            direction: submitted.direction as NewInteraction['direction'],
            topic: submitted.topic as NewInteraction['topic'],
            outcome: submitted.outcome ? (submitted.outcome as NewInteraction['outcome']) : null,
            summary: (submitted.summary ?? '').trim(),
          };
          onLogged(await logInteraction(queryClient, accountId, body));
        }}
      />
    </div>
  );
}

function InteractionItem({ interaction, timeZone }: { interaction: CustomerInteraction; timeZone: string }) {
  return (
    <li className="interactions__item">
      <p className="interactions__meta">
        {interaction.topic ? <strong>{topicLabel(interaction.topic)} · </strong> : null}
        {kindLabel(interaction.kind)} · {directionLabel(interaction.direction)} ·{' '}
        <time dateTime={interaction.occurred_at}>{formatDateTime(interaction.occurred_at, timeZone)}</time>
      </p>
      <p className="interactions__summary">{interaction.summary}</p>
      {interaction.outcome ? (
        <p className="interactions__outcome">Outcome: {outcomeLabel(interaction.outcome)}</p>
      ) : null}
      <p className="interactions__by">Logged by {interaction.created_by?.name ?? 'a former team member'}</p>
    </li>
  );
}

export function InteractionsPanel({
  accountId,
  timeZone,
  headingLevel = 2,
  headingId: givenHeadingId,
  className = 'card admin-section',
  onLogged,
}: {
  accountId: number;
  /** The family's time zone: every time reads in it. */
  timeZone: string;
  headingLevel?: 2 | 3;
  /** The heading's id, for a page's section links. */
  headingId?: string;
  className?: string;
  /** After a conversation is logged (the admin page refreshes its history of staff changes). */
  onLogged?: (interaction: CustomerInteraction) => void;
}) {
  const ownHeadingId = useId();
  const headingId = givenHeadingId ?? ownHeadingId;
  const [pageSize, setPageSize] = useState(INTERACTIONS_PAGE_SIZE);
  const [status, setStatus] = useState<string | null>(null);
  const options = useQuery(interactionOptionsQuery(accountId));
  const list = useQuery(interactionsQuery(accountId, pageSize));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const count = list.data?.count;
  return (
    <section className={`interactions ${className}`} aria-labelledby={headingId}>
      <Heading className="card__title interactions__title" id={headingId}>
        Customer interactions{count === undefined ? '' : ` (${count})`}
      </Heading>
      <QueryState query={options} what="what a conversation may hold" label="Loading the form…">
        {(data) => (
          <InteractionForm
            accountId={accountId}
            options={data}
            onLogged={(saved) => {
              setStatus(`${kindLabel(saved.kind)} logged.`);
              onLogged?.(saved);
            }}
          />
        )}
      </QueryState>
      <p className="interactions__status" role="status">
        {status}
      </p>
      <QueryState query={list} what="the conversations">
        {(data) =>
          data.results.length === 0 ? (
            <p>No conversation logged yet.</p>
          ) : (
            <ol className="interactions__list" aria-label="Conversations, newest first">
              {data.results.map((interaction) => (
                <InteractionItem key={interaction.id} interaction={interaction} timeZone={timeZone} />
              ))}
            </ol>
          )
        }
      </QueryState>
      {list.data?.next ? (
        <Button
          variant="secondary"
          loading={list.isFetching}
          onClick={() => setPageSize((size) => size + INTERACTIONS_PAGE_SIZE)}
        >
          Show more conversations
        </Button>
      ) : null}
    </section>
  );
}
