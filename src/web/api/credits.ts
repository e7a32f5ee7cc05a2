import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreatePayment,
  TEST_CHECKOUT_CHOICES,
  TRefundRequest,
  TTimeBonus,
} from '../../shared/contract/credits.ts';
import { call } from './client.ts';

export function usePricing(country?: string) {
  return useQuery({
    queryKey: ['pricing', country ?? ''],
    queryFn: () => call('GET /api/pricing', { query: { country: country || undefined } }),
    staleTime: 300_000,
  });
}

export function useMemberPricing(enabled = true) {
  return useQuery({
    queryKey: ['credits'],
    queryFn: () => call('GET /api/credits'),
    staleTime: 60_000,
    enabled,
  });
}

/** The one price of a bundle (with a code) and its methods, as the server computes it (Pay-03). */
export function useQuote(bundleId: number, code: string | null) {
  return useQuery({
    queryKey: ['quote', bundleId, code ?? ''],
    queryFn: () =>
      call('GET /api/credits/quote', { query: { bundle_id: bundleId, discount_code: code || undefined } }),
    retry: false,
  });
}

export function useCheckDiscount() {
  return useMutation({
    mutationFn: (vars: { code: string; bundleId: number }) =>
      call('GET /api/discount-code', { query: { code: vars.code, bundle_id: vars.bundleId } }),
  });
}

/** The welcome discount (Pay-08); a failure just means there is none, and is not shown (spec §8). */
export function useWelcomeDiscount(enabled: boolean) {
  return useQuery({
    queryKey: ['discount', 'welcome'],
    queryFn: () => call('GET /api/discount-code', { query: { welcome: 'true' } }).catch(() => null),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** Starts a payment and sends the member to the provider's checkout. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (body: TCreatePayment) => call('POST /api/payments', { body }),
    onSuccess: (res) => {
      window.location.assign(res.checkout_url);
    },
  });
}

/**
 * After a purchase (in this tab or another): the balance is written from the payment's answer
 * (`settlePurchase`); what else it changes (premium state, offers, the ledger) is read again.
 */
export function refreshAfterPurchase(queryClient: QueryClient) {
  for (const key of [['user'], ['credits'], ['time-bonus'], ['transactions'], ['discount']]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

const FINAL = new Set(['paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back']);

/** The return page's poll (Pay-04): every 2 s while the payment is open or pending. */
export function usePaymentStatus(id: string) {
  return useQuery({
    queryKey: ['payment', id],
    queryFn: () => call('GET /api/payments/:id', { params: { id } }),
    refetchInterval: (q) => (q.state.data && FINAL.has(q.state.data.status) ? false : 2000),
  });
}

/** The member cancels their own open payment (issue 26); its discount is free again. */
export function useCancelPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/payments/:id/cancel', { params: { id } }),
    onSuccess: (payment) => {
      queryClient.setQueryData(['payment', id], payment);
      for (const key of [['credits'], ['time-bonus'], ['discount'], ['quote']]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export function useRepeatOrder() {
  return useQuery({
    queryKey: ['repeat-order'],
    queryFn: () => call('GET /api/credits/repeat-order'),
    retry: false,
  });
}

export function useTransactions(page: number) {
  return useQuery({
    queryKey: ['transactions', page],
    queryFn: () => call('GET /api/transactions', { query: { page } }),
  });
}

export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: ['transactions', 'one', id],
    queryFn: () => call('GET /api/transactions/:id', { params: { id: id ?? 0 } }),
    enabled: id !== null,
    retry: false,
  });
}

/** The member asks for a purchase to be refunded (issue 26); the answer is the transaction as it now stands. */
export function useRequestRefund(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRefundRequest) =>
      call('POST /api/transactions/:id/refund-request', { params: { id }, body }),
    onSuccess: (item) => queryClient.setQueryData(['transactions', 'one', id], item),
  });
}

export function useTimeBonus(enabled: boolean) {
  return useQuery({
    queryKey: ['time-bonus'],
    queryFn: () => call('GET /api/time-bonus'),
    enabled,
    staleTime: 60_000,
  });
}

export function useDismissTimeBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/time-bonus/dismiss'),
    onSuccess: () => {
      queryClient.setQueryData<TTimeBonus>(['time-bonus'], (old) => (old ? { ...old, popup: false } : old));
    },
  });
}

export function useTestCheckout(id: string) {
  return useQuery({
    queryKey: ['test-checkout', id],
    queryFn: () => call('GET /api/test-checkout/:id', { params: { id } }),
    retry: false,
  });
}

export function useChooseTestOutcome(id: string) {
  return useMutation({
    mutationFn: (status: (typeof TEST_CHECKOUT_CHOICES)[number]) =>
      call('POST /api/test-checkout/:id', { params: { id }, body: { status } }),
    onSuccess: (res) => window.location.assign(res.redirect_url),
  });
}
