import { listQuery } from '@/lib/list-query';

/** Top-up orders in the caller's scope (filters state, method, companyId, from, to). */
export const ORDER_LIST_PATH = '/sys/order/list';

/** Every page of the order list: invalidate after creating an order. */
export const orderListKey = ['orders', 'list'] as const;

export const listOrdersQuery = listQuery(ORDER_LIST_PATH, orderListKey);
