import { describe, expect, it } from 'vitest';
import { testAgentUrl } from './testAgentUrl.ts';

describe('testAgentUrl', () => {
  it('names the demo agent on the public site template', () => {
    expect(testAgentUrl('http://{agent}.localhost:5181')).toBe('http://demo.localhost:5181');
    expect(testAgentUrl('https://{agent}.agents.example.com')).toBe('https://demo.agents.example.com');
  });

  it('has no address without a usable template', () => {
    expect(testAgentUrl(undefined)).toBeNull();
    expect(testAgentUrl('http://localhost:5181')).toBeNull();
    expect(testAgentUrl('javascript:{agent}')).toBeNull();
  });
});
