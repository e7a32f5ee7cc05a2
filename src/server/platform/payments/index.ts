import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createMollieProvider } from './mollie.ts';
import type { PaymentProvider } from './provider.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';

/**
 * The provider in use: Mollie when MOLLIE_API_KEY is set, else the built-in test provider. The test
 * provider gives credits for a click, so production without Mollie has no provider at all.
 */
export function createPaymentProviders(
  config: Config,
  db: Db,
): { provider: PaymentProvider | null; testProvider: TestProvider | null } {
  if (config.mollieApiKey) {
    return {
      provider: createMollieProvider(config.mollieApiKey, { apiEndpoint: config.mollieApiEndpoint }),
      testProvider: null,
    };
  }
  if (config.env === 'production') return { provider: null, testProvider: null };
  const testProvider = createTestProvider(db);
  return { provider: testProvider, testProvider };
}
