/**
 * `manage_orders` on `orders`. Visitors see and change only orders placed in their conversation,
 * and only while pending; status changes other than cancelling are for the owner (sandbox).
 */
import type { ToolOutcome } from '../conversation/turn.ts';
import type { Tables, TablesUpdate } from '../platform/database.ts';
import { reachableCustomer } from './customers.ts';
import { fail, isOwnerChannel, isUuid, numberArg, ok, text, type ToolContext } from './context.ts';

const STATUSES = ['pending', 'confirmed', 'preparing', 'shipped', 'delivered', 'cancelled'] as const;
const COLUMNS = 'id, status, items, total, currency, customer_id, created_at, conversation_id';

type OrderItem = {
  product: string;
  quantity: number;
};

type OrderRow = Pick<
  Tables<'orders'>,
  'id' | 'status' | 'items' | 'total' | 'currency' | 'customer_id' | 'conversation_id'
>;

/** Models send items as objects, strings ("2 croissants") or a JSON string; accept all three. */
export function parseItems(raw: unknown): OrderItem[] | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw.split(/,|;|\n/);
    }
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) return null;
  const items: OrderItem[] = [];
  for (const entry of value) {
    if (typeof entry === 'string') {
      const match = /^\s*(\d+)\s*(?:x\s*)?(.+?)\s*$/i.exec(entry);
      const product = (match ? match[2]! : entry).trim();
      if (!product) continue;
      items.push({ product: product.slice(0, 200), quantity: match ? Number(match[1]) : 1 });
    } else if (entry && typeof entry === 'object') {
      const record = entry as Record<string, unknown>;
      const product = [record.product, record.name, record.product_id, record.sku].find(
        (v) => typeof v === 'string' && v.trim() !== '',
      );
      const quantity = Number(record.quantity ?? record.qty ?? 1);
      if (typeof product !== 'string' || !Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) return null;
      items.push({ product: product.trim().slice(0, 200), quantity });
    } else {
      return null;
    }
  }
  return items.length > 0 ? items : null;
}

async function reachableOrder(context: ToolContext, orderId: string | undefined): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  let query = context.service.from('orders').select(COLUMNS).eq('id', orderId).eq('agent_id', context.agentId);
  if (!isOwnerChannel(context)) query = query.eq('conversation_id', context.conversationId);
  const { data } = await query.maybeSingle();
  return data ?? null;
}

function describe(row: OrderRow) {
  return {
    order_id: row.id,
    status: row.status,
    items: row.items,
    total: row.total,
    currency: row.currency,
    customer_id: row.customer_id,
  };
}

export async function manageOrders(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const action = text(args, 'action');
  const currency = (typeof context.config.currency === 'string' ? context.config.currency : 'EUR').toUpperCase();
  switch (action) {
    case 'create_order': {
      const items = parseItems(args.items);
      if (!items) return fail('items must list the products and quantities ordered');
      const total = numberArg(args, 'total');
      if (total !== undefined && (total < 0 || total > 1e9)) return fail('total must be a positive amount');
      const customerId = text(args, 'customer_id');
      const customer = customerId ? await reachableCustomer(context, customerId) : null;
      if (customerId && !customer) return fail('no such customer in this conversation');
      const { data, error } = await context.service
        .from('orders')
        .insert({
          agent_id: context.agentId,
          user_id: context.ownerId,
          conversation_id: context.conversationId,
          customer_id: customer?.id ?? null,
          items,
          total: total ?? null,
          currency: /^[A-Z]{3}$/.test(currency) ? currency : 'EUR',
        })
        .select(COLUMNS)
        .single();
      if (error || !data) return fail(`the order could not be saved: ${error?.message ?? 'no row'}`);
      return ok({ created: true, ...describe(data) });
    }
    case 'get_order': {
      const order = await reachableOrder(context, text(args, 'order_id'));
      return order ? ok(describe(order)) : fail('no such order in this conversation');
    }
    case 'get_orders': {
      let query = context.service.from('orders').select(COLUMNS).eq('agent_id', context.agentId);
      if (!isOwnerChannel(context)) query = query.eq('conversation_id', context.conversationId);
      const { data, error } = await query.order('created_at', { ascending: false }).limit(20);
      if (error) return fail(error.message);
      return ok({ orders: (data ?? []).map(describe) });
    }
    case 'update_order':
    case 'cancel_order': {
      const order = await reachableOrder(context, text(args, 'order_id'));
      if (!order) return fail('no such order in this conversation');
      const owner = isOwnerChannel(context);
      const change: TablesUpdate<'orders'> = {};
      if (action === 'cancel_order') change.status = 'cancelled';
      else {
        const status = text(args, 'status');
        if (status) {
          if (!(STATUSES as readonly string[]).includes(status))
            return fail(`status must be one of ${STATUSES.join(', ')}`);
          if (!owner && status !== 'cancelled') return fail('only the business can change an order status');
          change.status = status;
        }
        if (args.items !== undefined) {
          const items = parseItems(args.items);
          if (!items) return fail('items must list the products and quantities ordered');
          change.items = items;
        }
        const total = numberArg(args, 'total');
        if (total !== undefined) change.total = total;
      }
      if (Object.keys(change).length === 0) return fail('nothing to change');
      if (!owner && order.status !== 'pending')
        return fail(`the order is already ${order.status} and can no longer be changed here`);
      const { data, error } = await context.service
        .from('orders')
        .update(change)
        .eq('id', order.id)
        .select(COLUMNS)
        .single();
      if (error || !data) return fail(`the order could not be changed: ${error?.message ?? 'no row'}`);
      return ok({ updated: true, ...describe(data) });
    }
    default:
      return fail(`unknown order action ${String(action)}`);
  }
}
