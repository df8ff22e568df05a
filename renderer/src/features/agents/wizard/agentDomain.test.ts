import { describe, expect, it } from 'vitest';
import { agentDomainFromSiteUrl } from './agentDomain.ts';

describe('agentDomainFromSiteUrl', () => {
  it('keeps the host after the {agent} label, without port or scheme', () => {
    expect(agentDomainFromSiteUrl('http://{agent}.localhost:5175')).toBe('localhost');
    expect(agentDomainFromSiteUrl('https://{agent}.agents.example.com')).toBe('agents.example.com');
    expect(agentDomainFromSiteUrl(undefined)).toBe('localhost');
  });
});
