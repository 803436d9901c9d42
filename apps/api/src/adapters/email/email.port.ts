/**
 * One e-mail to one person. `template` names the kind of mail (for example 'password_reset').
 * Every message has a plain-text part and an HTML part; templates.ts renders both.
 */
export interface EmailMessage {
  /** One mailbox: 'address' or 'Display Name <address>'. */
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
}

/**
 * The e-mail port. Every adapter records each message in the email_outbox table, so staff can see
 * what was sent; the local default only records it, the SMTP adapter also delivers it. `send`
 * resolves once the message is recorded; an adapter may finish delivery later and records the
 * outcome in the row's status.
 */
export interface EmailSender {
  readonly provider: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
  /**
   * Lets the deliveries under way finish, then releases the adapter's connections. Called once at
   * shutdown (before the database closes); `send` refuses messages afterwards.
   */
  close?(): Promise<void>;
}

/** Header values must stay on one line: a CR or LF would let a value inject headers. */
export function assertSingleLine(value: string, what: string) {
  if (/[\r\n]/.test(value)) throw new Error(`The e-mail ${what} must be one line.`);
}
