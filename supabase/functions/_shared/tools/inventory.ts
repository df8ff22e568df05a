/**
 * `manage_inventory` on `inventory_items`: visitors may check stock, read product information and
 * reserve stock (atomically, through `reserve_inventory`); setting stock and listing low stock are
 * the owner's (sandbox).
 */
import type { ToolOutcome } from '../conversation/turn.ts';
import { fail, isOwnerChannel, numberArg, ok, text, type ToolContext } from './context.ts';

interface ItemRow {
  sku: string;
  name: string;
  description: string;
  quantity: number;
  reserved: number;
  low_stock_threshold: number;
  location: string | null;
  price: number | null;
}

const COLUMNS = 'sku, name, description, quantity, reserved, low_stock_threshold, location, price';

const describe = (item: ItemRow) => ({
  product_id: item.sku,
  name: item.name,
  available: item.quantity - item.reserved,
  in_stock: item.quantity - item.reserved > 0,
  location: item.location,
  price: item.price,
});

async function findItem(context: ToolContext, productId: string): Promise<ItemRow | null> {
  const { data } = await context.service
    .from('inventory_items')
    .select(COLUMNS)
    .eq('agent_id', context.agentId)
    .eq('sku', productId)
    .maybeSingle<ItemRow>();
  if (data) return data;
  // Visitors name products rather than quote SKUs.
  const { data: byName } = await context.service
    .from('inventory_items')
    .select(COLUMNS)
    .eq('agent_id', context.agentId)
    .ilike(
      'name',
      productId.replace(/[%_\\]/g, (c) => `\\${c}`),
    )
    .limit(1)
    .maybeSingle<ItemRow>();
  return byName ?? null;
}

export async function manageInventory(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const action = text(args, 'action');
  const productId = text(args, 'product_id', 100);
  switch (action) {
    case 'check_stock':
    case 'get_product_info': {
      if (!productId) return fail('product_id is required');
      const item = await findItem(context, productId);
      if (!item) return ok({ found: false, product_id: productId });
      return ok(
        action === 'get_product_info'
          ? { found: true, ...describe(item), description: item.description }
          : { found: true, ...describe(item) },
      );
    }
    case 'reserve_stock': {
      if (!productId) return fail('product_id is required');
      const quantity = numberArg(args, 'quantity');
      if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > 10_000)
        return fail('quantity must be a whole number from 1');
      const item = await findItem(context, productId);
      if (!item) return ok({ reserved: false, reason: 'unknown product', product_id: productId });
      const { data, error } = await context.service.rpc('reserve_inventory', {
        agent_id: context.agentId,
        sku: item.sku,
        quantity,
      });
      if (error) {
        if (error.code === '23514') return ok({ reserved: false, reason: 'not enough stock', ...describe(item) });
        return fail(`the reservation failed: ${error.message}`);
      }
      return ok({ reserved: true, quantity, ...describe(data as ItemRow) });
    }
    case 'update_stock': {
      if (!isOwnerChannel(context)) return fail('only the business can change stock levels');
      if (!productId) return fail('product_id is required');
      const quantity = numberArg(args, 'quantity');
      if (quantity === undefined || !Number.isInteger(quantity) || quantity < 0)
        return fail('quantity must be a whole number');
      const { data, error } = await context.service
        .from('inventory_items')
        .update({ quantity, ...(text(args, 'location') ? { location: text(args, 'location') } : {}) })
        .eq('agent_id', context.agentId)
        .eq('sku', productId)
        .select(COLUMNS)
        .maybeSingle<ItemRow>();
      if (error) return fail(`the stock could not be updated: ${error.message}`);
      return data ? ok({ updated: true, ...describe(data) }) : ok({ found: false, product_id: productId });
    }
    case 'get_low_stock': {
      if (!isOwnerChannel(context)) return fail('only the business can list low stock');
      const { data, error } = await context.service
        .from('inventory_items')
        .select(COLUMNS)
        .eq('agent_id', context.agentId)
        .order('quantity')
        .limit(200);
      if (error) return fail(error.message);
      const threshold = numberArg(args, 'threshold');
      const low = ((data ?? []) as ItemRow[]).filter(
        (item) => item.quantity - item.reserved <= (threshold ?? item.low_stock_threshold),
      );
      return ok({ products: low.map(describe) });
    }
    default:
      return fail(`unknown inventory action ${String(action)}`);
  }
}
