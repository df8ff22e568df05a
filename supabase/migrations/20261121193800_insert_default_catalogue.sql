-- Catalogue rows every installation needs (hosted projects do not run seed.sql): packs, platform
-- settings, site configuration and the default tools catalogue.
-- Sectors and their prompts follow in the next migration. `on conflict do nothing` keeps admin edits.

insert into public.packs (id, name, monthly_price, yearly_price, credits, max_agents, monthly_credits, minutes, users,
  support, transcription, ai_call_summary, voice_cloning, crm_integrations, whatsapp_conversations, active, feature_list, sort_order)
values
  ('free', 'Free', 0, 0, 30, 1, 0, 30, 1, 'Email', false, 'Basic', 'Basic', 'None', 0, true,
   array['30 minutes of voice calls, once', '1 agent', 'Email support'], 0),
  ('essential', 'Essential', 19.9, 199, 100, 1, 100, 100, 1, 'Email', true, 'Basic', 'Basic', 'None', 0, true,
   array['100 minutes per month', '1 user', 'Email support (24 h)'], 1),
  ('pro', 'Pro', 49.9, 499, 500, 5, 500, 500, 5, 'Priority', true, 'Advanced', 'Advanced', 'Standard', 100, true,
   array['500 minutes per month', '5 users', 'Priority support (4 h)', '100 WhatsApp conversations', 'Standard CRM integrations'], 2),
  ('enterprise', 'Enterprise', 199.9, 1999, 2000, -1, 2000, 2000, -1, '24/7', true, 'Premium', 'Premium', 'Premium', -1, true,
   array['2000 minutes per month', 'Unlimited users', '24/7 support', 'Unlimited WhatsApp conversations', 'Premium CRM integrations'], 3)
on conflict (id) do nothing;

insert into public.platform_settings (id) values ('default') on conflict (id) do nothing;

insert into public.site_config (id, meta_title, meta_description, og_title, og_description, twitter_card, twitter_title, twitter_description)
values ('default',
  'Concierge - AI assistants for your business',
  'Build an AI assistant that answers your phone, web chat and WhatsApp, books appointments and takes orders, 24/7 in 50+ languages.',
  'Concierge - AI assistants for your business',
  'An AI phone, chat and WhatsApp assistant for your business, set up in 5 minutes.',
  'summary_large_image',
  'Concierge - AI assistants for your business',
  'An AI phone, chat and WhatsApp assistant for your business, set up in 5 minutes.')
on conflict (id) do nothing;

insert into public.tool_catalogue (id, name, description, icon, enabled, function_definition, default_config, sort_order) values
('calendar', 'Calendar', 'Book, check, move and cancel appointments in the business calendar.', 'calendar', true,
 '{"name": "manage_calendar", "description": "Manage appointments in the business calendar: create, check availability, update or cancel.",
   "parameters": {"type": "object", "properties": {
     "action": {"type": "string", "description": "What to do", "enum": ["create_appointment", "check_availability", "update_appointment", "cancel_appointment"]},
     "date": {"type": "string", "description": "Date of the appointment, YYYY-MM-DD"},
     "time": {"type": "string", "description": "Start time, HH:mm (24 h)"},
     "duration": {"type": "number", "description": "Duration in minutes"},
     "title": {"type": "string", "description": "Short title of the appointment"},
     "description": {"type": "string", "description": "Details: who, why, contact information"}},
   "required": ["action"]}}',
 '{"provider": "google", "sync_interval": "5m"}', 1),
('maps', 'Location', 'Geocode addresses, compute routes and directions, and find nearby places.', 'map-pin', true,
 '{"name": "manage_location", "description": "Location services: geocode an address, calculate a route, find nearby places or give directions.",
   "parameters": {"type": "object", "properties": {
     "action": {"type": "string", "description": "What to do", "enum": ["geocode_address", "calculate_route", "find_nearby", "get_directions"]},
     "address": {"type": "string", "description": "Address or starting point"},
     "destination": {"type": "string", "description": "Destination address for routes and directions"},
     "radius": {"type": "number", "description": "Search radius in kilometres"},
     "place_type": {"type": "string", "description": "Kind of place to find, e.g. pharmacy, parking"}},
   "required": ["action"]}}',
 '{"region": "FR"}', 2),
('crm', 'Customer Management', 'Create and update customer records and log interactions with them.', 'users', true,
 '{"name": "manage_customers", "description": "Customer records: create or update a customer, fetch one, log an interaction or list past interactions.",
   "parameters": {"type": "object", "properties": {
     "action": {"type": "string", "description": "What to do", "enum": ["create_customer", "update_customer", "get_customer", "log_interaction", "get_interactions"]},
     "customer_id": {"type": "string", "description": "Identifier of an existing customer"},
     "name": {"type": "string", "description": "Full name of the customer"},
     "email": {"type": "string", "description": "Email address"},
     "phone": {"type": "string", "description": "Phone number in international format"},
     "notes": {"type": "string", "description": "Free-text notes or the interaction summary"}},
   "required": ["action"]}}',
 '{}', 3),
('email', 'Email', 'Send emails, templated emails and scheduled emails to customers.', 'mail', true,
 '{"name": "send_email", "description": "Send an email now or later, optionally from a template, or list the available templates.",
   "parameters": {"type": "object", "properties": {
     "action": {"type": "string", "description": "What to do", "enum": ["send_email", "send_template", "schedule_email", "get_templates"]},
     "to": {"type": "string", "description": "Recipient email address"},
     "subject": {"type": "string", "description": "Subject line"},
     "body": {"type": "string", "description": "Plain-text body"},
     "template_id": {"type": "string", "description": "Template to use for send_template"},
     "schedule_time": {"type": "string", "description": "When to send, ISO 8601 date and time"}},
   "required": ["action"]}}',
 '{}', 4),
('orders', 'Orders', 'Take, update, look up and cancel customer orders.', 'shopping-cart', true,
 '{"name": "manage_orders", "description": "Orders: create, update, fetch, cancel or list orders.",
   "parameters": {"type": "object", "properties": {
     "action": {"type": "string", "description": "What to do", "enum": ["create_order", "update_order", "get_order", "cancel_order", "get_orders"]},
     "order_id": {"type": "string", "description": "Identifier of an existing order"},
     "customer_id": {"type": "string", "description": "Customer placing the order"},
     "status": {"type": "string", "description": "New status of the order"},
     "items": {"type": "array", "description": "Ordered items, each with a product and a quantity"},
     "total": {"type": "number", "description": "Order total in the default currency"}},
   "required": ["action"]}}',
 '{"currency": "EUR"}', 5),
('payments', 'Payments', 'Take payments, issue refunds, check payment status and create payment links.', 'credit-card', true,
 '{"name": "process_payment", "description": "Payments: charge, refund, check a payment status or create a payment link.",
   "parameters": {"type": "object", "properties": {
     "action": {"type": "string", "description": "What to do", "enum": ["process_payment", "refund_payment", "get_payment_status", "create_payment_link"]},
     "amount": {"type": "number", "description": "Amount to charge or refund"},
     "currency": {"type": "string", "description": "ISO 4217 currency code, e.g. EUR"},
     "payment_method": {"type": "string", "description": "Payment method, e.g. card, link"},
     "customer_id": {"type": "string", "description": "Customer being charged"}},
   "required": ["action"]}}',
 '{}', 6),
('inventory', 'Inventory', 'Check and update stock, reserve items and report low stock.', 'package', true,
 '{"name": "manage_inventory", "description": "Inventory: check or update stock, reserve stock, list low-stock products or get product information.",
   "parameters": {"type": "object", "properties": {
     "action": {"type": "string", "description": "What to do", "enum": ["check_stock", "update_stock", "reserve_stock", "get_low_stock", "get_product_info"]},
     "product_id": {"type": "string", "description": "Product identifier or SKU"},
     "quantity": {"type": "number", "description": "Quantity to set, add or reserve"},
     "location": {"type": "string", "description": "Warehouse or shop location"},
     "threshold": {"type": "number", "description": "Low-stock threshold for get_low_stock"}},
   "required": ["action"]}}',
 '{}', 7),
('messaging', 'Messaging', 'Send SMS, WhatsApp messages and notifications, now or scheduled.', 'message-square', true,
 '{"name": "send_message", "description": "Send a message by SMS, WhatsApp, push notification or email, now or scheduled.",
   "parameters": {"type": "object", "properties": {
     "action": {"type": "string", "description": "What to do", "enum": ["send_sms", "send_whatsapp", "send_notification", "schedule_message"]},
     "channel": {"type": "string", "description": "Delivery channel", "enum": ["sms", "whatsapp", "push", "email"]},
     "recipient": {"type": "string", "description": "Phone number, device or email address of the recipient"},
     "message": {"type": "string", "description": "Text to send"},
     "schedule_time": {"type": "string", "description": "When to send, ISO 8601, for schedule_message"}},
   "required": ["action", "recipient", "message"]}}',
 '{}', 8)
on conflict (id) do nothing;
