/**
 * What an e-mail says, before it is written as text and as HTML: a subject and a list of blocks
 * (paragraphs, calls to action, small print with a link). A template (templates.ts) makes it from
 * its data in the recipient's language; renderEmail writes the plain-text part from the blocks and
 * the HTML part with React Email (layout.tsx), so both say the same.
 */
import type { I18n } from '@lingui/core';

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'action'; label: string; url: string }
  /** Small print with a link (an opt-out): the text then the raw URL in the plain part, a link in HTML. */
  | { kind: 'footnote'; text: string; label: string; url: string };

export interface EmailContent {
  subject: string;
  blocks: Block[];
}

export const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
export const action = (label: string, url: string): Block => ({ kind: 'action', label, url });

/** Every e-mail's first line. */
export const hello = (i18n: I18n, firstName: string): Block =>
  paragraph(i18n._({ id: 'email.hello', message: 'Hello {firstName},', values: { firstName } }));
