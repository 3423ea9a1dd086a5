import { ORDER_DICTS, type OrderState } from '@switchboard/contracts';
import { DictTag } from '@/components/dict';

/** Colours of the order states: waiting blue, on chain cyan, done green, trouble red, closed grey. */
export const ORDER_STATE_COLORS: Record<OrderState, string> = {
  pending_payment: 'blue',
  chain_confirming: 'cyan',
  chain_confirmed: 'cyan',
  partially_paid: 'gold',
  paid: 'geekblue',
  top_up_success: 'green',
  finished: 'green',
  top_up_failure: 'red',
  order_failed: 'red',
  refunded: 'purple',
  expired: 'default',
  timed_out: 'default',
};

export function OrderStateTag({ state }: { state: OrderState }) {
  return <DictTag code={ORDER_DICTS.state} value={state} colors={ORDER_STATE_COLORS} />;
}
