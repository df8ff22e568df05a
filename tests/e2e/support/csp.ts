import type { Page } from 'playwright-core';

/**
 * Collects the Content-Security-Policy violations of a page (the `securitypolicyviolation` events,
 * across navigations, and Chromium's "Refused to ..." console errors), so a test can prove that
 * the policy the servers send breaks nothing on the pages it visits.
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  await page.exposeBinding('__conciergeCspViolation', (_source, text: string) => {
    seen.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __conciergeCspViolation?: (text: string) => void })
        .__conciergeCspViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return () => [...new Set(seen)];
}
