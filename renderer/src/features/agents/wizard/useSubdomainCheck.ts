import { useEffect, useState } from 'react';
import { isSubdomainAvailable } from '../api/subdomain.ts';
import { SUBDOMAIN_MIN_LENGTH } from '@contracts/subdomain.ts';
import type { SubdomainCheck } from './wizardModel.ts';

/** Live availability of a normalised subdomain, asked 400 ms after the last keystroke. */
export function useSubdomainCheck(subdomain: string, agentId?: string): SubdomainCheck {
  const [answer, setAnswer] = useState<SubdomainCheck>(null);
  useEffect(() => {
    if (subdomain.length < SUBDOMAIN_MIN_LENGTH) return undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      void isSubdomainAvailable(subdomain, agentId).then((available) => {
        if (!cancelled) setAnswer({ value: subdomain, status: available ? 'available' : 'taken' });
      });
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [subdomain, agentId]);
  // An answer about another value means the current one is still being checked.
  if (subdomain.length < SUBDOMAIN_MIN_LENGTH) return null;
  return answer?.value === subdomain ? answer : { value: subdomain, status: 'checking' };
}
