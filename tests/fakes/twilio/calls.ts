/**
 * Twilio's Calls and Recordings resources, and Twilio's side of a call's webhooks (signed):
 *   POST   …/Calls/{CA}.json             live call update (Twiml | Url | Status), recorded per call
 *   POST   …/Calls/{CA}/Recordings.json  start a recording (dual channel)
 *   GET    …/Recordings/{RE}.wav         the recording's media: a real dual-channel 8 kHz WAV
 *   DELETE …/Recordings/{RE}.json        204, then the media is gone (404)
 * Drivers: `incoming(callSid, from, to)` → the TwiML our webhook answered, `status(callSid, status,
 * duration?)`, `recordingCompleted(callSid)` (creates the recording and sends its callback),
 * `relayAction(callSid, handoffData?)`. Set `webhookBaseUrl` to the functions' public base
 * (TWILIO_WEBHOOK_BASE_URL, e.g. `${stack.url}/functions/v1`) once the stack is up.
 */
import type { FakeTwilioServer, SentWebhook } from './server.ts';

export interface CallUpdate {
  callSid: string;
  twiml: string | null;
  url: string | null;
  status: string | null;
}

export interface FakeRecording {
  sid: string;
  callSid: string;
  channels: number;
  deleted: boolean;
  downloads: number;
}

export interface FakeTwilioCalls {
  /** The functions' public base Twilio posts to (`…/functions/v1`). */
  webhookBaseUrl: string;
  /** Every live call update, oldest first. */
  updates: CallUpdate[];
  recordings: Map<string, FakeRecording>;
  incoming(callSid: string, from: string, to: string, options?: WebhookOptions): Promise<SentWebhook>;
  status(callSid: string, status: string, duration?: number, options?: WebhookOptions): Promise<SentWebhook>;
  /** Creates a completed dual-channel recording of the call and sends its callback; returns its SID too. */
  recordingCompleted(
    callSid: string,
    options?: WebhookOptions & { recordingSid?: string },
  ): Promise<SentWebhook & { recordingSid: string }>;
  relayAction(callSid: string, handoffData?: string, options?: WebhookOptions): Promise<SentWebhook>;
}

export interface WebhookOptions {
  signature?: string;
  idempotencyToken?: string;
  authToken?: string;
}

/** A stereo μ-law-free PCM WAV: left = a 440 Hz tone (caller), right = 660 Hz (agent), 1 s. */
export function dualChannelWav(seconds = 1, rate = 8000): Uint8Array {
  const frames = seconds * rate;
  const data = new DataView(new ArrayBuffer(44 + frames * 4));
  const text = (offset: number, value: string) =>
    [...value].forEach((ch, i) => data.setUint8(offset + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  data.setUint32(4, 36 + frames * 4, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  data.setUint32(16, 16, true);
  data.setUint16(20, 1, true);
  data.setUint16(22, 2, true);
  data.setUint32(24, rate, true);
  data.setUint32(28, rate * 4, true);
  data.setUint16(32, 4, true);
  data.setUint16(34, 16, true);
  text(36, 'data');
  data.setUint32(40, frames * 4, true);
  for (let i = 0; i < frames; i++) {
    data.setInt16(44 + i * 4, Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), true);
    data.setInt16(46 + i * 4, Math.round(8000 * Math.sin((2 * Math.PI * 660 * i) / rate)), true);
  }
  return new Uint8Array(data.buffer);
}

export function installCalls(server: FakeTwilioServer): FakeTwilioCalls {
  const updates: CallUpdate[] = [];
  const recordings = new Map<string, FakeRecording>();
  const base = () => `${driver.webhookBaseUrl}/twilio-voice`;
  const voiceFields = (callSid: string, from = '+15005550006', to = '+15005550001') => ({
    AccountSid: server.accountSid,
    ApiVersion: '2010-04-01',
    CallSid: callSid,
    Direction: 'inbound',
    From: from,
    To: to,
    Caller: from,
    Called: to,
  });
  const sent = new Map<string, { from: string; to: string }>();

  server.route('api', 'POST', '/2010-04-01/Accounts/:account/Calls/:call.json', (request, params) => {
    const update: CallUpdate = {
      callSid: params.call!,
      twiml: request.form.get('Twiml'),
      url: request.form.get('Url'),
      status: request.form.get('Status'),
    };
    updates.push(update);
    return {
      status: 200,
      body: {
        sid: params.call,
        account_sid: server.accountSid,
        status: update.status ?? 'in-progress',
        direction: 'inbound',
        uri: `/2010-04-01/Accounts/${server.accountSid}/Calls/${params.call}.json`,
      },
    };
  });

  function createRecording(callSid: string, sid = server.sid('RE')): FakeRecording {
    const recording = { sid, callSid, channels: 2, deleted: false, downloads: 0 };
    recordings.set(sid, recording);
    return recording;
  }

  server.route('api', 'POST', '/2010-04-01/Accounts/:account/Calls/:call/Recordings.json', (request, params) => {
    const recording = createRecording(params.call!);
    recording.channels = request.form.get('RecordingChannels') === 'mono' ? 1 : 2;
    return {
      status: 201,
      body: {
        sid: recording.sid,
        call_sid: params.call,
        account_sid: server.accountSid,
        status: 'in-progress',
        channels: recording.channels,
        source: 'StartCallRecordingAPI',
        uri: `/2010-04-01/Accounts/${server.accountSid}/Recordings/${recording.sid}.json`,
      },
    };
  });

  server.route('api', 'GET', '/2010-04-01/Accounts/:account/Recordings/:recording.wav', (_request, params) => {
    const recording = recordings.get(params.recording!);
    if (!recording || recording.deleted) {
      return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
    }
    recording.downloads += 1;
    return { status: 200, bytes: dualChannelWav(), contentType: 'audio/x-wav' };
  });

  server.route('api', 'DELETE', '/2010-04-01/Accounts/:account/Recordings/:recording.json', (_request, params) => {
    const recording = recordings.get(params.recording!);
    if (!recording || recording.deleted) {
      return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
    }
    recording.deleted = true;
    return { status: 204 };
  });

  const driver: FakeTwilioCalls = {
    webhookBaseUrl: server.env.TWILIO_WEBHOOK_BASE_URL ?? '',
    updates,
    recordings,
    incoming(callSid, from, to, opts = {}) {
      sent.set(callSid, { from, to });
      return server.sendWebhook(
        `${base()}/incoming`,
        { ...voiceFields(callSid, from, to), CallStatus: 'ringing' },
        opts,
      );
    },
    status(callSid, status, duration, opts = {}) {
      const call = sent.get(callSid);
      return server.sendWebhook(
        `${base()}/status`,
        {
          ...voiceFields(callSid, call?.from, call?.to),
          CallStatus: status,
          CallbackSource: 'call-progress-events',
          ...(duration === undefined
            ? {}
            : { CallDuration: String(duration), Duration: String(Math.ceil(duration / 60)) }),
        },
        opts,
      );
    },
    async recordingCompleted(callSid, opts = {}) {
      const recording = recordings.get(opts.recordingSid ?? '') ?? createRecording(callSid, opts.recordingSid);
      const webhook = await server.sendWebhook(
        `${base()}/recording`,
        {
          AccountSid: server.accountSid,
          CallSid: callSid,
          RecordingSid: recording.sid,
          RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${server.accountSid}/Recordings/${recording.sid}`,
          RecordingStatus: 'completed',
          RecordingDuration: '1',
          RecordingChannels: String(recording.channels),
          RecordingSource: 'StartCallRecordingAPI',
          RecordingTrack: 'both',
        },
        opts,
      );
      return { ...webhook, recordingSid: recording.sid };
    },
    relayAction(callSid, handoffData, opts = {}) {
      const call = sent.get(callSid);
      return server.sendWebhook(
        `${base()}/relay-action`,
        {
          ...voiceFields(callSid, call?.from, call?.to),
          CallStatus: 'in-progress',
          SessionId: server.sid('VX'),
          SessionStatus: 'ended',
          SessionDuration: '12',
          ...(handoffData === undefined ? {} : { HandoffData: handoffData }),
        },
        opts,
      );
    },
  };
  return driver;
}
