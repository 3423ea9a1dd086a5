import type { OrderCreate, OrderCreated } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderListKey } from './list-orders';

export function createOrder(input: OrderCreate): Promise<OrderCreated> {
  return api.post('/sys/order/create', input);
}

/** Opens a top-up order; the caller then sends the payer to its checkout. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderListKey }),
  });
}
