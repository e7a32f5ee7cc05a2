// The payment methods of spec §9, in one table (Pay-03). A method is offered when it is `active`, fits the
// member's country and the bundle's currency. Methods that no longer exist stay listed, marked, so the
// table says why they are not shown instead of silently dropping them.

/** The local currency of every country a demo site serves; bundles are priced in it (Pay-01). */
export const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  NL: 'EUR',
  BE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  FI: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  IE: 'EUR',
  CH: 'CHF',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
  PL: 'PLN',
  GB: 'GBP',
  US: 'USD',
};

export const CURRENCIES = ['EUR', 'CHF', 'GBP', 'DKK', 'NOK', 'SEK', 'PLN', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function currencyOf(country: string): Currency {
  return (COUNTRY_CURRENCY[country] ?? 'EUR') as Currency;
}

export type MethodStatus = 'active' | 'discontinued' | 'no_provider';

export interface PaymentMethod {
  id: string;
  name: string;
  /** Countries where members know and use it; '*' for everywhere. */
  countries: readonly string[] | '*';
  currencies: readonly Currency[] | '*';
  status: MethodStatus;
  /** The method a provider is asked for (cards all go through the card form). */
  providerMethod: string;
  /** Card payments: a failed repeat card payment offers retry or PayPal (Pay-04). */
  card?: boolean;
  /** Logo: brand colour and the word mark drawn in it. */
  logo: { bg: string; fg: string; text: string };
}

const SEPA = ['NL', 'BE', 'DE', 'AT', 'FI', 'FR', 'IT', 'ES', 'IE'] as const;

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  {
    id: 'ideal',
    name: 'iDEAL',
    countries: ['NL'],
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'ideal',
    logo: { bg: '#cc0066', fg: '#ffffff', text: 'iDEAL' },
  },
  {
    id: 'bancontact',
    name: 'Bancontact',
    countries: ['BE'],
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'bancontact',
    logo: { bg: '#005498', fg: '#ffffff', text: 'Bancontact' },
  },
  {
    id: 'creditcard',
    name: 'Creditcard',
    countries: '*',
    currencies: '*',
    status: 'active',
    providerMethod: 'creditcard',
    card: true,
    logo: { bg: '#1f2937', fg: '#ffffff', text: 'CARD' },
  },
  {
    id: 'visa',
    name: 'Visa',
    countries: '*',
    currencies: '*',
    status: 'active',
    providerMethod: 'creditcard',
    card: true,
    logo: { bg: '#1a1f71', fg: '#ffffff', text: 'VISA' },
  },
  {
    id: 'mastercard',
    name: 'Mastercard',
    countries: '*',
    currencies: '*',
    status: 'active',
    providerMethod: 'creditcard',
    card: true,
    logo: { bg: '#231f20', fg: '#f79e1b', text: 'mastercard' },
  },
  {
    id: 'maestro',
    name: 'Maestro',
    countries: '*',
    currencies: '*',
    status: 'active',
    providerMethod: 'creditcard',
    card: true,
    logo: { bg: '#0099df', fg: '#ffffff', text: 'maestro' },
  },
  {
    id: 'paypal',
    name: 'PayPal',
    countries: '*',
    currencies: '*',
    status: 'active',
    providerMethod: 'paypal',
    logo: { bg: '#003087', fg: '#ffffff', text: 'PayPal' },
  },
  {
    id: 'applepay',
    name: 'Apple Pay',
    countries: '*',
    currencies: '*',
    status: 'active',
    providerMethod: 'applepay',
    logo: { bg: '#000000', fg: '#ffffff', text: 'Pay' },
  },
  {
    id: 'paysafecard',
    name: 'Paysafecard',
    countries: '*',
    currencies: '*',
    status: 'active',
    providerMethod: 'paysafecard',
    logo: { bg: '#008ac9', fg: '#ffffff', text: 'paysafecard' },
  },
  {
    id: 'banktransfer',
    name: 'Bankoverschrijving',
    countries: SEPA,
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'banktransfer',
    logo: { bg: '#475569', fg: '#ffffff', text: 'SEPA' },
  },
  {
    id: 'directdebit',
    name: 'Automatische incasso',
    countries: SEPA,
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'directdebit',
    logo: { bg: '#0f766e', fg: '#ffffff', text: 'Incasso' },
  },
  {
    id: 'eps',
    name: 'EPS',
    countries: ['AT'],
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'eps',
    logo: { bg: '#c8102e', fg: '#ffffff', text: 'eps' },
  },
  {
    id: 'przelewy24',
    name: 'Przelewy24',
    countries: ['PL'],
    currencies: ['PLN', 'EUR'],
    status: 'active',
    providerMethod: 'przelewy24',
    logo: { bg: '#d13239', fg: '#ffffff', text: 'P24' },
  },
  {
    id: 'blik',
    name: 'BLIK',
    countries: ['PL'],
    currencies: ['PLN'],
    status: 'active',
    providerMethod: 'blik',
    logo: { bg: '#000000', fg: '#ffffff', text: 'blik' },
  },
  {
    id: 'postepay',
    name: 'Postepay',
    countries: ['IT'],
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'creditcard',
    card: true,
    logo: { bg: '#ffd500', fg: '#003a80', text: 'Postepay' },
  },
  {
    id: 'nexi',
    name: 'Nexi',
    countries: ['IT'],
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'creditcard',
    card: true,
    logo: { bg: '#2d32aa', fg: '#ffffff', text: 'nexi' },
  },
  {
    id: 'satispay',
    name: 'Satispay',
    countries: ['IT'],
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'satispay',
    logo: { bg: '#ef373e', fg: '#ffffff', text: 'satispay' },
  },
  {
    id: 'cartebancaire',
    name: 'Carte Bancaire',
    countries: ['FR'],
    currencies: ['EUR'],
    status: 'active',
    providerMethod: 'creditcard',
    card: true,
    logo: { bg: '#0a4a8f', fg: '#ffffff', text: 'CB' },
  },
  {
    id: 'dankort',
    name: 'Dankort',
    countries: ['DK'],
    currencies: ['DKK'],
    status: 'active',
    providerMethod: 'creditcard',
    card: true,
    logo: { bg: '#e30613', fg: '#ffffff', text: 'Dankort' },
  },
  {
    id: 'mobilepay',
    name: 'MobilePay',
    countries: ['DK', 'FI'],
    currencies: ['DKK', 'EUR'],
    status: 'active',
    providerMethod: 'mobilepay',
    logo: { bg: '#5a78ff', fg: '#ffffff', text: 'MobilePay' },
  },
  {
    id: 'swish',
    name: 'Swish',
    countries: ['SE'],
    currencies: ['SEK'],
    status: 'active',
    providerMethod: 'swish',
    logo: { bg: '#ffffff', fg: '#0b3b5c', text: 'Swish' },
  },
  {
    id: 'vipps',
    name: 'Vipps',
    countries: ['NO'],
    currencies: ['NOK'],
    status: 'active',
    providerMethod: 'vipps',
    logo: { bg: '#ff5b24', fg: '#ffffff', text: 'vipps' },
  },
  {
    id: 'twint',
    name: 'TWINT',
    countries: ['CH'],
    currencies: ['CHF'],
    status: 'active',
    providerMethod: 'twint',
    logo: { bg: '#000000', fg: '#ffffff', text: 'TWINT' },
  },
  {
    // Giropay stopped on 31 December 2024.
    id: 'giropay',
    name: 'Giropay',
    countries: ['DE'],
    currencies: ['EUR'],
    status: 'discontinued',
    providerMethod: 'giropay',
    logo: { bg: '#000268', fg: '#ffffff', text: 'giropay' },
  },
  {
    // Klarna folded Sofort into its own app; providers stopped offering it in 2024.
    id: 'sofort',
    name: 'Sofort',
    countries: ['DE', 'AT', 'BE', 'NL', 'CH', 'IT', 'ES', 'PL'],
    currencies: ['EUR'],
    status: 'discontinued',
    providerMethod: 'sofort',
    logo: { bg: '#ef809f', fg: '#ffffff', text: 'SOFORT' },
  },
];

const fits = <T extends string>(list: readonly T[] | '*', value: T) => list === '*' || list.includes(value);

/** The methods a member in `country` can pay a bundle in `currency` with, in table order. */
export function methodsFor(country: string, currency: string): PaymentMethod[] {
  return PAYMENT_METHODS.filter(
    (m) => m.status === 'active' && fits(m.countries, country) && fits(m.currencies, currency as Currency),
  );
}

export function findMethod(id: string): PaymentMethod | undefined {
  return PAYMENT_METHODS.find((m) => m.id === id);
}
