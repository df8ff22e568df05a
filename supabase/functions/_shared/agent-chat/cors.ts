/** CORS for functions called from the console and public agent pages (any origin, no cookies). */
export const corsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-visitor-id',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-expose-headers': 'retry-after',
};

export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}
