import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment.port.ts';
import { sandboxProvider } from './sandbox.provider.ts';

/** The adapter PAYMENT_PROVIDER selects: the sandbox (default) or Stripe. */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  const chosen = (config as { PAYMENT_PROVIDER?: string }).PAYMENT_PROVIDER ?? 'sandbox';
  if (chosen === 'stripe') {
    const { stripeProvider } = await import('./stripe.provider.ts');
    const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: apiUrl } = config;
    // config.ts refuses PAYMENT_PROVIDER=stripe without them; this only tells the compiler.
    if (!secretKey || !webhookSecret)
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return stripeProvider({ secretKey, webhookSecret, ...(apiUrl ? { apiUrl } : {}) });
  }
  return sandboxProvider(db);
}
