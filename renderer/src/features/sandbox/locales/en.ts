import { AGENT_GREETINGS } from '@contracts/greeting.ts';
/** The Test Agent sandbox (spec 001 §2.8, §4.13-4.15, §8 "Wizard and sandbox"). */
export const sandboxEn = {
  title: 'Test Agent',
  subtitle: 'Chat or call {{name}} before deploying it.',
  // The same welcome line as the phone channel's (one definition).
  greeting: AGENT_GREETINGS.en,
  back: 'Back to agents',
  authRequired: {
    title: 'Authentication Required',
    body: 'Sign in to test your agents.',
    signIn: 'Sign In',
  },
  notFound: {
    title: 'Agent not found',
    body: 'This agent does not exist or is not yours.',
  },
  recording: {
    start: 'Record a voice message',
    stop: 'Stop recording',
    transcribing: 'Transcribing…',
    waveform: 'Recording in progress',
    noFormat: 'No supported audio format found',
    startFailed: 'Failed to start recording',
    processFailed: 'Failed to process audio',
  },
  voice: {
    title: 'Voice Call',
    body: 'Talk to your agent as a visitor would.',
    call: 'Call Agent',
  },
  voiceNotice: {
    offlineTitle: 'Offline mode',
    offlineBody:
      'Voice calls and voice messages need an AI key (OPENAI_API_KEY) on this installation. The chat answers from the knowledge base.',
    noCreditsTitle: 'No credits left',
    noCreditsBody: 'Voice calls use credits (1 credit = 1 minute) and your balance is empty.',
    seeCredits: 'Get credits',
    micOffline: 'Voice messages need an AI key (offline mode): type your message instead.',
  },
  knowledge: {
    title: 'Knowledge Base',
    empty: 'No knowledge sources available',
    processing: 'Processing',
    failed: 'Failed',
  },
  stats: {
    title: 'Conversation Stats',
    messages: 'Messages',
    tools: 'Tools used',
  },
};
