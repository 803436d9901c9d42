/**
 * E-mail templates (docs/decisions/0075-emails-react-email.md): a template turns its data into a
 * subject and a list of blocks (content.ts) in the recipient's language; `renderEmail` writes those
 * blocks twice, as the plain-text part (here) and as the HTML part (React Email, layout.tsx). Every
 * link must be an absolute http(s) URL; every value reaches the HTML as React text or attribute,
 * escaped, so data can never add markup; the text part carries values as they are.
 */
import { render } from '@react-email/render';
import { createElement } from 'react';
import { localeOf, type Locale } from '../../locales/i18n.ts';
import { accountTemplates } from './account-templates.ts';
import type { Block, EmailContent } from './content.ts';
import { familyTemplates } from './family-templates.ts';
import { EmailLayout } from './layout.tsx';
import { privacyTemplates } from './privacy-templates.ts';

const templates = { ...accountTemplates, ...familyTemplates, ...privacyTemplates };

export type TemplateName = keyof typeof templates;
export type TemplateData<N extends TemplateName> = Parameters<(typeof templates)[N]>[0];

export interface RenderedEmail {
  template: TemplateName;
  subject: string;
  text: string;
  html: string;
}

/**
 * Renders one template into the fields of an EmailMessage (all but `to`), in `language`: the
 * recipient's stored language (users.language; null is English).
 */
export async function renderEmail<N extends TemplateName>(
  name: N,
  data: TemplateData<N>,
  language: string | null | undefined,
): Promise<RenderedEmail> {
  const locale = await localeOf(language);
  const make = templates[name] as (data: TemplateData<N>, locale: Locale) => EmailContent;
  const content = make(data, locale);
  for (const block of content.blocks) if (block.kind !== 'paragraph') assertWebUrl(block.url);
  const html = await render(createElement(EmailLayout, { content, locale }));
  return { template: name, subject: content.subject, text: renderText(content), html };
}

/** A link in an e-mail must be an absolute http(s) URL: no javascript:, data: or relative links. */
function assertWebUrl(url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('An e-mail link must be an absolute URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error('An e-mail link must be an http or https URL.');
  }
}

/** Paragraphs separated by blank lines; the call to action is the raw link on its own line. */
function renderText(content: EmailContent): string {
  const textOf = (block: Block) =>
    block.kind === 'paragraph' ? block.text : block.kind === 'action' ? block.url : `${block.text}\n${block.url}`;
  return `${content.blocks.map(textOf).join('\n\n')}\n`;
}
