import { useIntl } from 'react-intl';

/** Integer cents as the member's locale writes money (display only: amounts are computed on the server). */
export function useMoney() {
  const intl = useIntl();
  return (cents: number, currency: string) => intl.formatNumber(cents / 100, { style: 'currency', currency });
}

export function Money({ cents, currency }: { cents: number; currency: string }) {
  return <>{useMoney()(cents, currency)}</>;
}
