import { describe, expect, it } from 'vitest';
import { afterRelay, bcp47, connectCall, escapeXml, sayAndHangUp, transferTwiml, ttsVoice } from './twiml.ts';

describe('TwiML', () => {
  it('escapes every attribute and text', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(sayAndHangUp('noCredits', 'en_US', 'Tom & <Jerry>')).toContain(
      '<Say language="en-US">Tom &amp; &lt;Jerry&gt; cannot take your call right now.',
    );
  });

  it("maps the agent's language and male/female voice to ConversationRelay's", () => {
    expect(bcp47('fr_FR')).toBe('fr-FR');
    expect(ttsVoice('en_US', 'male')).toBe('en-US-Neural2-D');
    expect(ttsVoice('fr_FR', 'female')).toBe('fr-FR-Neural2-A');
    expect(ttsVoice('ja_JP', 'female')).toBeNull();
    const twiml = connectCall({
      mode: 'any_model',
      relayUrl: 'wss://relay.example.com/phone-relay',
      webhookUrl: 'https://x.supabase.co/functions/v1/twilio-voice',
      callToken: 'tok"en',
      language: 'ja_JP',
      voice: 'male',
      welcomeGreeting: 'Hi',
    });
    expect(twiml).toContain('language="ja-JP" interruptible="any"');
    expect(twiml).not.toContain('ttsProvider');
    expect(twiml).toContain('<Parameter name="callToken" value="tok&quot;en"/>');
  });

  it('dials a transfer or hangs up after the relay', () => {
    expect(afterRelay(null)).toContain('<Response><Hangup/></Response>');
    expect(afterRelay('+33199000000')).toContain('<Dial><Number>+33199000000</Number></Dial>');
    expect(transferTwiml('+33199000000', 'fr_FR')).toContain(
      '<Say language="fr-FR">Je vous transfère, un instant.</Say><Dial><Number>+33199000000</Number></Dial>',
    );
  });
});
