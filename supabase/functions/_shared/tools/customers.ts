/**
 * `manage_customers`: CRM records (`customers`) and their interaction log
 * (`customer_interactions`). On public channels a visitor reaches only the records linked to
 * their own conversation (created or logged in it), so the agent cannot be used to look people up.
 */
import type { ToolOutcome } from '../conversation/turn.ts';
import { EMAIL, PHONE, fail, isOwnerChannel, isUuid, normalisePhone, ok, text, type ToolContext } from './context.ts';

interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string;
}

const COLUMNS = 'id, name, email, phone, notes';

function fields(args: Record<string, unknown>): { values: Partial<CustomerRow>; problem?: string } {
  const values: Partial<CustomerRow> = {};
  const name = text(args, 'name', 200);
  const email = text(args, 'email', 320);
  const phone = text(args, 'phone', 40);
  const notes = text(args, 'notes', 5_000);
  if (name) values.name = name;
  if (email) {
    if (!EMAIL.test(email)) return { values, problem: 'email is not a valid address' };
    values.email = email.toLowerCase();
  }
  if (phone) {
    if (!PHONE.test(phone)) return { values, problem: 'phone must be a phone number' };
    values.phone = normalisePhone(phone);
  }
  if (notes) values.notes = notes;
  return { values };
}

async function logInteraction(context: ToolContext, customerId: string, summary: string): Promise<string | null> {
  const { error } = await context.service.from('customer_interactions').insert({
    customer_id: customerId,
    agent_id: context.agentId,
    user_id: context.ownerId,
    conversation_id: context.conversationId,
    channel: context.channel,
    summary,
  });
  return error ? error.message : null;
}

/** The customer if the caller may see it (sandbox: any of the agent's; visitor: linked to this conversation). */
export async function reachableCustomer(
  context: ToolContext,
  customerId: string | undefined,
): Promise<CustomerRow | null> {
  if (!isUuid(customerId)) return null;
  const { data } = await context.service
    .from('customers')
    .select(`${COLUMNS}, customer_interactions(conversation_id)`)
    .eq('id', customerId)
    .eq('agent_id', context.agentId)
    .maybeSingle<CustomerRow & { customer_interactions: { conversation_id: string | null }[] }>();
  if (!data) return null;
  if (!isOwnerChannel(context) && !data.customer_interactions.some((i) => i.conversation_id === context.conversationId))
    return null;
  const { customer_interactions: _links, ...customer } = data;
  return customer;
}

export async function manageCustomers(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const action = text(args, 'action');
  switch (action) {
    case 'create_customer': {
      const { values, problem } = fields(args);
      if (problem) return fail(problem);
      if (!values.name && !values.email && !values.phone)
        return fail('give at least a name, an email or a phone number');
      const { data, error } = await context.service
        .from('customers')
        .insert({ agent_id: context.agentId, user_id: context.ownerId, ...values })
        .select(COLUMNS)
        .single<CustomerRow>();
      if (error || !data) return fail(`the customer could not be saved: ${error?.message ?? 'no row'}`);
      const logged = await logInteraction(
        context,
        data.id,
        `Customer record created during a ${context.channel} conversation.`,
      );
      if (logged) return fail(`the customer was saved but the interaction could not be logged: ${logged}`);
      return ok({ created: true, customer_id: data.id, ...data });
    }
    case 'update_customer': {
      const customer = await reachableCustomer(context, text(args, 'customer_id'));
      if (!customer) return fail('no such customer in this conversation');
      const { values, problem } = fields(args);
      if (problem) return fail(problem);
      const { data, error } = await context.service
        .from('customers')
        .update(values)
        .eq('id', customer.id)
        .select(COLUMNS)
        .single<CustomerRow>();
      if (error || !data) return fail(`the customer could not be updated: ${error?.message ?? 'no row'}`);
      return ok({ updated: true, customer_id: data.id, ...data });
    }
    case 'get_customer': {
      const customer = await reachableCustomer(context, text(args, 'customer_id'));
      return customer ? ok({ customer_id: customer.id, ...customer }) : fail('no such customer in this conversation');
    }
    case 'log_interaction': {
      const customer = await reachableCustomer(context, text(args, 'customer_id'));
      if (!customer) return fail('no such customer in this conversation');
      const summary = text(args, 'notes', 5_000);
      if (!summary) return fail('notes must say what happened');
      const logged = await logInteraction(context, customer.id, summary);
      return logged
        ? fail(`the interaction could not be logged: ${logged}`)
        : ok({ logged: true, customer_id: customer.id });
    }
    case 'get_interactions': {
      const customer = await reachableCustomer(context, text(args, 'customer_id'));
      if (!customer) return fail('no such customer in this conversation');
      const { data, error } = await context.service
        .from('customer_interactions')
        .select('summary, channel, created_at')
        .eq('customer_id', customer.id)
        .order('created_at', { ascending: false })
        .limit(20);
      if (error) return fail(error.message);
      return ok({ customer_id: customer.id, interactions: data ?? [] });
    }
    default:
      return fail(`unknown customer action ${String(action)}`);
  }
}
