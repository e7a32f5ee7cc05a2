import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreatePayment,
  TCreatePaymentResponse,
  TDiscount,
  TPayment,
  TPricing,
  TQuote,
  TRefundRequest,
  TRepeatOrder,
  TTestCheckout,
  TTimeBonus,
  TTransaction,
  TTransactions,
} from '../../shared/contract/credits.ts';
import { api } from './client.ts';

export function usePricing(country?: string) {
  return useQuery({
    queryKey: ['pricing', country ?? ''],
    queryFn: () => api<TPricing>(`/api/pricing${country ? `?country=${encodeURIComponent(country)}` : ''}`),
    staleTime: 300_000,
  });
}

export function useMemberPricing(enabled = true) {
  return useQuery({
    queryKey: ['credits'],
    queryFn: () => api<TPricing>('/api/credits'),
    staleTime: 60_000,
    enabled,
  });
}

/** The one price of a bundle (with a code) and its methods, as the server computes it (Pay-03). */
export function useQuote(bundleId: number, code: string | null) {
  const qs = new URLSearchParams({ bundle_id: String(bundleId), ...(code ? { discount_code: code } : {}) });
  return useQuery({
    queryKey: ['quote', bundleId, code ?? ''],
    queryFn: () => api<TQuote>(`/api/credits/quote?${qs}`),
    retry: false,
  });
}

export function useCheckDiscount() {
  return useMutation({
    mutationFn: (vars: { code: string; bundleId: number }) =>
      api<TDiscount>(
        `/api/discount-code?${new URLSearchParams({ code: vars.code, bundle_id: String(vars.bundleId) })}`,
      ),
  });
}

/** The welcome discount (Pay-08); a failure just means there is none, and is not shown (spec §8). */
export function useWelcomeDiscount(enabled: boolean) {
  return useQuery({
    queryKey: ['discount', 'welcome'],
    queryFn: () => api<TDiscount>('/api/discount-code?welcome=true').catch(() => null),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** Starts a payment and sends the member to the provider's checkout. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (body: TCreatePayment) =>
      api<TCreatePaymentResponse>('/api/payments', { method: 'POST', json: body }),
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
    queryFn: () => api<TPayment>(`/api/payments/${encodeURIComponent(id)}`),
    refetchInterval: (q) => (q.state.data && FINAL.has(q.state.data.status) ? false : 2000),
  });
}

/** The member cancels their own open payment (issue 26); its discount is free again. */
export function useCancelPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<TPayment>(`/api/payments/${encodeURIComponent(id)}/cancel`, { method: 'POST', json: {} }),
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
    queryFn: () => api<TRepeatOrder>('/api/credits/repeat-order'),
    retry: false,
  });
}

export function useTransactions(page: number) {
  return useQuery({
    queryKey: ['transactions', page],
    queryFn: () => api<TTransactions>(`/api/transactions?page=${page}`),
  });
}

export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: ['transactions', 'one', id],
    queryFn: () => api<TTransaction>(`/api/transactions/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

/** The member asks for a purchase to be refunded (issue 26); the answer is the transaction as it now stands. */
export function useRequestRefund(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRefundRequest) =>
      api<TTransaction>(`/api/transactions/${id}/refund-request`, { method: 'POST', json: body }),
    onSuccess: (item) => queryClient.setQueryData(['transactions', 'one', id], item),
  });
}

export function useTimeBonus(enabled: boolean) {
  return useQuery({
    queryKey: ['time-bonus'],
    queryFn: () => api<TTimeBonus>('/api/time-bonus'),
    enabled,
    staleTime: 60_000,
  });
}

export function useDismissTimeBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/time-bonus/dismiss', { method: 'POST', json: {} }),
    onSuccess: () => {
      queryClient.setQueryData<TTimeBonus>(['time-bonus'], (old) => (old ? { ...old, popup: false } : old));
    },
  });
}

export function useTestCheckout(id: string) {
  return useQuery({
    queryKey: ['test-checkout', id],
    queryFn: () => api<TTestCheckout>(`/api/test-checkout/${encodeURIComponent(id)}`),
    retry: false,
  });
}

export function useChooseTestOutcome(id: string) {
  return useMutation({
    mutationFn: (status: string) =>
      api<{ redirect_url: string }>(`/api/test-checkout/${encodeURIComponent(id)}`, {
        method: 'POST',
        json: { status },
      }),
    onSuccess: (res) => window.location.assign(res.redirect_url),
  });
}
