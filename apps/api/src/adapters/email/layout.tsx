// The automatic JSX runtime, whatever the tool's settings (tsx run from the repository's root reads no
// tsconfig of the API's, and would otherwise expect React in scope).
/* @jsxRuntime automatic */
/* @jsxImportSource react */
/**
 * The one layout of every e-mail's HTML part, in React Email's components (tables and inline styles,
 * which e-mail clients agree on): the brand line, the blocks of the content — paragraphs (the first
 * is the greeting), calls to action as buttons with the raw link beneath, small print with its link
 * (an opt-out) — and the sender's line. React writes every value as text or as an attribute value,
 * escaped: data can never add markup.
 */
import { Body, Button, Container, Head, Html, Link, Section, Text } from '@react-email/components';
import type { Locale } from '../../locales/i18n.ts';
import type { Block, EmailContent } from './content.ts';

// Grove's brand colours (apps/web/src/styles.css); all text/background pairs meet WCAG AA contrast.
const COLOR = {
  canvas: '#f7f8f3',
  surface: '#ffffff',
  line: '#d6e0d9',
  ink: '#1b2a21',
  muted: '#4a5b51',
  brand: '#1d5233',
  button: '#2a7246',
};
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const STYLE = {
  body: { margin: 0, padding: 0, backgroundColor: COLOR.canvas },
  container: { maxWidth: '560px', padding: '24px 12px' },
  brand: {
    margin: '0 0 16px',
    fontFamily: FONT,
    fontSize: '24px',
    lineHeight: '32px',
    fontWeight: 700,
    color: COLOR.brand,
  },
  card: {
    padding: '32px 24px',
    backgroundColor: COLOR.surface,
    border: `1px solid ${COLOR.line}`,
    borderRadius: '8px',
  },
  paragraph: { margin: '0 0 16px', fontFamily: FONT, fontSize: '16px', lineHeight: '24px', color: COLOR.ink },
  button: {
    display: 'inline-block',
    margin: '8px 0 16px',
    padding: '12px 24px',
    borderRadius: '6px',
    backgroundColor: COLOR.button,
    fontFamily: FONT,
    fontSize: '16px',
    lineHeight: '24px',
    fontWeight: 600,
    color: '#ffffff',
    textDecoration: 'none',
  },
  fallback: { margin: '0 0 16px', fontFamily: FONT, fontSize: '14px', lineHeight: '20px', color: COLOR.muted },
  fallbackLink: { color: COLOR.brand, wordBreak: 'break-all' as const },
  footnote: { margin: '16px 0 0', fontFamily: FONT, fontSize: '13px', lineHeight: '20px', color: COLOR.muted },
  link: { color: COLOR.brand },
  footer: { margin: '16px 0 0', fontFamily: FONT, fontSize: '12px', lineHeight: '18px', color: COLOR.muted },
};

function EmailBlock({ block, locale }: { block: Block; locale: Locale }) {
  const { i18n } = locale;
  if (block.kind === 'paragraph') return <Text style={STYLE.paragraph}>{block.text}</Text>;
  if (block.kind === 'footnote') {
    return (
      <Text style={STYLE.footnote}>
        {block.text}{' '}
        <Link href={block.url} style={STYLE.link}>
          {block.label}
        </Link>
      </Text>
    );
  }
  return (
    <>
      <Button href={block.url} style={STYLE.button}>
        {block.label}
      </Button>
      <Text style={STYLE.fallback}>
        {i18n._({
          id: 'email.layout.button_fallback',
          message: 'If the button does not work, copy this link into your browser:',
        })}
        <br />
        <Link href={block.url} style={STYLE.fallbackLink}>
          {block.url}
        </Link>
      </Text>
    </>
  );
}

/** An e-mail's HTML part: its content in the layout, in the recipient's language. */
export function EmailLayout({ content, locale }: { content: EmailContent; locale: Locale }) {
  return (
    <Html lang={locale.language} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.subject}</title>
      </Head>
      <Body style={STYLE.body}>
        <Container style={STYLE.container}>
          <Text style={STYLE.brand}>Grove</Text>
          <Section style={STYLE.card}>
            {content.blocks.map((block, index) => (
              <EmailBlock key={index} block={block} locale={locale} />
            ))}
          </Section>
          <Text style={STYLE.footer}>
            {locale.i18n._({ id: 'email.layout.sent_by', message: 'This e-mail was sent by Grove.' })}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
