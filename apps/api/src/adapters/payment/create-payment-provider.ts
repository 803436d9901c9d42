import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment.port.ts';
import { sandboxProvider } from './sandbox.provider.ts';

/** The adapter PAYMENT_PROVIDER selects: the sandbox (default) or Stripe. */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  const chosen = (config as { PAYMENT_PROVIDER?: string }).PAYMENT_PROVIDER ?? 'sandbox';
  if (chosen === 'stripe') {
    const { stripeProvider } = await import('./stripe.provider.ts');
    const c = config as unknown as {
      STRIPE_SECRET_KEY: string;
      STRIPE_WEBHOOK_SECRET: string;
      STRIPE_API_URL?: string;
    };
    return stripeProvider({
      secretKey: c.STRIPE_SECRET_KEY,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      ...(c.STRIPE_API_URL ? { apiUrl: c.STRIPE_API_URL } : {}),
    });
  }
  return sandboxProvider(db);
}
