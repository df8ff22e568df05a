import { describe, expect, it } from 'vitest';
import { agentSubdomainFromHost, DEMO_SUBDOMAIN, normaliseHost, resolveSiteTarget } from './siteMode.ts';

describe('agentSubdomainFromHost', () => {
  it.each([
    ['demo.localhost', null, 'demo'],
    ['demo.localhost:5181', null, 'demo'],
    ['Demo.LocalHost.', null, 'demo'],
    ['acme.example.com', null, 'acme'],
    ['acme.agents.example.com', 'agents.example.com', 'acme'],
    ['acme.agents.example.com:8443', 'agents.example.com', 'acme'],
    ['my-shop-2.localhost', null, 'my-shop-2'],
  ])('%s (site domain %s) names agent %s', (host, domain, agent) => {
    expect(agentSubdomainFromHost(host, domain)).toBe(agent);
  });

  it.each([
    ['localhost', null],
    ['localhost:5181', null],
    ['www.example.com', null],
    ['www.localhost', null],
    ['example.com', null],
    ['agents.example.com', 'agents.example.com'],
    ['www.agents.example.com', 'agents.example.com'],
    ['a.b.agents.example.com', 'agents.example.com'],
    ['acme.other.com', 'agents.example.com'],
    ['a.b.localhost', null],
    ['127.0.0.1:5181', null],
    ['[::1]:5181', null],
    ['-bad.localhost', null],
    ['bad-.localhost', null],
    ['under_score.localhost', null],
    ['', null],
  ])('%s (site domain %s) names no agent', (host, domain) => {
    expect(agentSubdomainFromHost(host, domain)).toBeNull();
  });

  it('rejects labels longer than 63 characters', () => {
    expect(agentSubdomainFromHost(`${'a'.repeat(64)}.localhost`)).toBeNull();
    expect(agentSubdomainFromHost(`${'a'.repeat(63)}.localhost`)).toBe('a'.repeat(63));
  });
});

describe('normaliseHost', () => {
  it('drops port, trailing dot and IPv6 brackets', () => {
    expect(normaliseHost('Demo.Localhost:5181')).toBe('demo.localhost');
    expect(normaliseHost('example.com.')).toBe('example.com');
    expect(normaliseHost('[::1]:80')).toBe('::1');
  });
});

describe('resolveSiteTarget', () => {
  it('prefers the host over the path', () => {
    expect(resolveSiteTarget({ host: 'acme.localhost:5181', pathname: '/test-agent' })).toEqual({
      kind: 'agent',
      subdomain: 'acme',
      via: 'host',
    });
  });

  it('serves the demo agent on /test-agent of the main host', () => {
    expect(resolveSiteTarget({ host: 'localhost:5181', pathname: '/test-agent' })).toEqual({
      kind: 'agent',
      subdomain: DEMO_SUBDOMAIN,
      via: 'test-agent',
    });
    expect(resolveSiteTarget({ host: 'www.example.com', pathname: '/test-agent/' }).kind).toBe('agent');
  });

  it('names no agent for other paths of the main host', () => {
    expect(resolveSiteTarget({ host: 'localhost:5181', pathname: '/' })).toEqual({ kind: 'none' });
    expect(resolveSiteTarget({ host: 'www.example.com', pathname: '/acme' })).toEqual({ kind: 'none' });
    expect(resolveSiteTarget({ host: 'localhost', pathname: '/test-agent/x' })).toEqual({ kind: 'none' });
  });
});
