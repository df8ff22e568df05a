/**
 * Twilio's number resources on the fake, as the SDK reaches them:
 *   AvailablePhoneNumbers/{ISO}/Local.json   seeded per country (some results have no locality),
 *                                            AreaCode and Contains (digits) filters, PageSize
 *   IncomingPhoneNumbers(.json|/{PN}.json)   create (201; 21422 for a number not on sale; 21631 when
 *                                            its address requirement is not met by an AddressSid), update,
 *                                            delete (204, the number goes back on sale), list
 *   Addresses(.json|/{AD}.json)              create, fetch, list, delete
 *   OutgoingCallerIds(.json|/{PN}.json)      list (PhoneNumber filter), fetch, delete; POST on the
 *                                            list is the ValidationRequests create (a 6-digit code)
 * The driver lets a test put numbers on sale, read what was bought with which webhook URLs, and play
 * the owner answering Twilio's verification call (`verifyCallerId`).
 */
import type { FakeTwilioServer, TwilioRequest, TwilioResponse } from './server.ts';
import { twilioError } from './server.ts';

export interface FakeAvailableNumber {
  phoneNumber: string;
  isoCountry: string;
  locality: string | null;
  region: string | null;
  addressRequirements: 'none' | 'any' | 'local' | 'foreign';
  capabilities: { voice: boolean; SMS: boolean; MMS: boolean };
}

export interface FakeIncomingNumber {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
  voiceMethod: string | null;
  statusCallback: string | null;
  statusCallbackMethod: string | null;
  smsUrl: string | null;
  addressSid: string | null;
  capabilities: { voice: boolean; sms: boolean; mms: boolean };
  dateCreated: string;
}

export interface FakeAddress {
  sid: string;
  customerName: string;
  friendlyName: string | null;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  isoCountry: string;
  dateCreated: string;
}

export interface FakeCallerId {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  dateCreated: string;
}

export interface FakeNumbers {
  /** Numbers on sale in a country (not bought). */
  available(isoCountry: string): FakeAvailableNumber[];
  /** Puts a number on sale. */
  addAvailable(
    number: Omit<FakeAvailableNumber, 'capabilities'> & { capabilities?: FakeAvailableNumber['capabilities'] },
  ): void;
  /** Numbers bought on the account, with the webhook URLs they were given. */
  owned(): FakeIncomingNumber[];
  ownedNumber(phoneNumber: string): FakeIncomingNumber | undefined;
  addresses(): FakeAddress[];
  callerIds(): FakeCallerId[];
  /** Pending validation requests by number: the code Twilio's call asks the owner to type. */
  validationCode(phoneNumber: string): string | undefined;
  /** Runs before Twilio answers a purchase (e.g. to race a concurrent purchase); null clears it. */
  beforePurchase(hook: ((phoneNumber: string) => Promise<void>) | null): void;
  /** The owner typed the code on Twilio's call: the number becomes a verified caller ID. */
  verifyCallerId(phoneNumber: string, friendlyName?: string): FakeCallerId;
}

const ACCOUNT = '/2010-04-01/Accounts/:account';

/** Seed: a few numbers per Deploy country; the third of each has no locality (the UI hides those). */
const SEED: Record<string, { prefix: string; areaCodes: string[]; localities: string[]; region: string }> = {
  US: { prefix: '+1', areaCodes: ['415', '212'], localities: ['San Francisco', 'New York'], region: 'CA' },
  CA: { prefix: '+1', areaCodes: ['604', '416'], localities: ['Vancouver', 'Toronto'], region: 'BC' },
  GB: { prefix: '+44', areaCodes: ['20', '161'], localities: ['London', 'Manchester'], region: 'ENG' },
  AR: { prefix: '+54', areaCodes: ['11'], localities: ['Buenos Aires'], region: 'C' },
  AU: { prefix: '+61', areaCodes: ['2'], localities: ['Sydney'], region: 'NSW' },
  BR: { prefix: '+55', areaCodes: ['11'], localities: ['São Paulo'], region: 'SP' },
  CO: { prefix: '+57', areaCodes: ['1'], localities: ['Bogotá'], region: 'DC' },
  EC: { prefix: '+593', areaCodes: ['2'], localities: ['Quito'], region: 'P' },
  DE: { prefix: '+49', areaCodes: ['30'], localities: ['Berlin'], region: 'BE' },
  IE: { prefix: '+353', areaCodes: ['1'], localities: ['Dublin'], region: 'D' },
  JP: { prefix: '+81', areaCodes: ['3'], localities: ['Tokyo'], region: '13' },
  MX: { prefix: '+52', areaCodes: ['55'], localities: ['Mexico City'], region: 'CMX' },
};

function seed(): FakeAvailableNumber[] {
  const numbers: FakeAvailableNumber[] = [];
  for (const [iso, s] of Object.entries(SEED)) {
    s.areaCodes.forEach((areaCode, a) => {
      for (let i = 0; i < 8; i += 1) {
        const local = String(5550100 + a * 100 + i).padStart(7, '0');
        numbers.push({
          phoneNumber: `${s.prefix}${areaCode}${local}`,
          isoCountry: iso,
          locality: i === 2 ? null : (s.localities[a] ?? null),
          region: s.region,
          addressRequirements: iso === 'US' || iso === 'CA' ? 'none' : i % 2 === 0 ? 'local' : 'any',
          capabilities: { voice: true, SMS: i % 3 !== 1, MMS: iso === 'US' && i % 2 === 0 },
        });
      }
    });
  }
  return numbers;
}

const now = () => new Date().toUTCString();

export function installNumbers(server: FakeTwilioServer): FakeNumbers {
  const onSale = seed();
  const bought = new Map<string, FakeIncomingNumber>();
  const addresses = new Map<string, FakeAddress>();
  const callerIds = new Map<string, FakeCallerId>();
  const validations = new Map<string, string>();
  let purchaseHook: ((phoneNumber: string) => Promise<void>) | null = null;
  const base = (path: string) => `/2010-04-01/Accounts/${server.accountSid}${path}`;

  const isSold = (phoneNumber: string) => [...bought.values()].some((n) => n.phoneNumber === phoneNumber);
  const numberJson = (n: FakeIncomingNumber) => ({
    sid: n.sid,
    account_sid: server.accountSid,
    phone_number: n.phoneNumber,
    friendly_name: n.friendlyName,
    voice_url: n.voiceUrl,
    voice_method: n.voiceMethod,
    status_callback: n.statusCallback,
    status_callback_method: n.statusCallbackMethod,
    sms_url: n.smsUrl,
    address_sid: n.addressSid,
    capabilities: { ...n.capabilities, fax: false },
    status: 'in-use',
    date_created: n.dateCreated,
    uri: base(`/IncomingPhoneNumbers/${n.sid}.json`),
  });
  const addressJson = (a: FakeAddress) => ({
    sid: a.sid,
    account_sid: server.accountSid,
    customer_name: a.customerName,
    friendly_name: a.friendlyName,
    street: a.street,
    city: a.city,
    region: a.region,
    postal_code: a.postalCode,
    iso_country: a.isoCountry,
    validated: false,
    verified: false,
    emergency_enabled: false,
    date_created: a.dateCreated,
    uri: base(`/Addresses/${a.sid}.json`),
  });
  const callerIdJson = (c: FakeCallerId) => ({
    sid: c.sid,
    account_sid: server.accountSid,
    phone_number: c.phoneNumber,
    friendly_name: c.friendlyName,
    date_created: c.dateCreated,
    uri: base(`/OutgoingCallerIds/${c.sid}.json`),
  });
  const page = (key: string, path: string, items: unknown[], request: TwilioRequest): TwilioResponse => {
    const pageSize = Math.min(1000, Number(request.query.get('PageSize') ?? 50) || 50);
    return {
      status: 200,
      body: {
        [key]: items.slice(0, pageSize),
        uri: base(path),
        page: 0,
        page_size: pageSize,
        first_page_uri: base(path),
        next_page_uri: null,
        previous_page_uri: null,
        start: 0,
        end: Math.min(items.length, pageSize) - 1,
      },
    };
  };
  const required = (request: TwilioRequest, names: string[]): TwilioResponse | null => {
    const missing = names.find((name) => !request.form.get(name));
    return missing ? twilioError(400, 21201, `Required parameter ${missing} missing.`) : null;
  };

  server.route('api', 'GET', `${ACCOUNT}/AvailablePhoneNumbers/:country/Local.json`, (request, { country = '' }) => {
    const areaCode = request.query.get('AreaCode');
    // Contains: digits (a full number works too); Twilio's letter/wildcard patterns are not needed here.
    const contains = (request.query.get('Contains') ?? '').replace(/[^0-9]/g, '');
    const prefix = SEED[country]?.prefix ?? '';
    const results = onSale
      .filter((n) => n.isoCountry === country && !isSold(n.phoneNumber))
      .filter((n) => !areaCode || n.phoneNumber.startsWith(`${prefix}${areaCode}`))
      .filter((n) => !contains || n.phoneNumber.includes(contains))
      .map((n) => ({
        friendly_name: n.phoneNumber,
        phone_number: n.phoneNumber,
        locality: n.locality,
        region: n.region,
        postal_code: null,
        iso_country: n.isoCountry,
        address_requirements: n.addressRequirements,
        beta: false,
        capabilities: n.capabilities,
      }));
    return page('available_phone_numbers', `/AvailablePhoneNumbers/${country}/Local.json`, results, request);
  });

  server.route('api', 'POST', `${ACCOUNT}/IncomingPhoneNumbers.json`, async (request) => {
    const phoneNumber = request.form.get('PhoneNumber') ?? '';
    await purchaseHook?.(phoneNumber);
    const offer = onSale.find((n) => n.phoneNumber === phoneNumber);
    if (!offer || isSold(phoneNumber)) {
      return twilioError(400, 21422, `PhoneNumber ${phoneNumber} is not available.`);
    }
    // A number with an address requirement needs one of the account's addresses (Twilio's 21631).
    const addressSid = request.form.get('AddressSid');
    if (offer.addressRequirements !== 'none' && !(addressSid && addresses.has(addressSid))) {
      return twilioError(400, 21631, `Phone Number Requires an Address but the 'AddressSid' parameter was empty.`);
    }
    const number: FakeIncomingNumber = {
      sid: server.sid('PN'),
      phoneNumber,
      friendlyName: request.form.get('FriendlyName') ?? phoneNumber,
      voiceUrl: request.form.get('VoiceUrl'),
      voiceMethod: request.form.get('VoiceMethod'),
      statusCallback: request.form.get('StatusCallback'),
      statusCallbackMethod: request.form.get('StatusCallbackMethod'),
      smsUrl: request.form.get('SmsUrl'),
      addressSid,
      capabilities: { voice: offer.capabilities.voice, sms: offer.capabilities.SMS, mms: offer.capabilities.MMS },
      dateCreated: now(),
    };
    bought.set(number.sid, number);
    return { status: 201, body: numberJson(number) };
  });

  server.route('api', 'GET', `${ACCOUNT}/IncomingPhoneNumbers.json`, (request) => {
    const filter = request.query.get('PhoneNumber');
    const list = [...bought.values()].filter((n) => !filter || n.phoneNumber === filter).map(numberJson);
    return page('incoming_phone_numbers', '/IncomingPhoneNumbers.json', list, request);
  });

  server.route('api', 'POST', `${ACCOUNT}/IncomingPhoneNumbers/:sid.json`, (request, { sid = '' }) => {
    const number = bought.get(sid);
    if (!number) return twilioError(404, 20404, `The requested resource ${sid} was not found`);
    const set = (field: string, key: keyof FakeIncomingNumber) => {
      const value = request.form.get(field);
      if (value !== null) (number as unknown as Record<string, unknown>)[key] = value;
    };
    set('VoiceUrl', 'voiceUrl');
    set('VoiceMethod', 'voiceMethod');
    set('StatusCallback', 'statusCallback');
    set('StatusCallbackMethod', 'statusCallbackMethod');
    set('SmsUrl', 'smsUrl');
    set('FriendlyName', 'friendlyName');
    return { status: 200, body: numberJson(number) };
  });

  server.route('api', 'DELETE', `${ACCOUNT}/IncomingPhoneNumbers/:sid.json`, (_request, { sid = '' }) => {
    if (!bought.delete(sid)) return twilioError(404, 20404, `The requested resource ${sid} was not found`);
    return { status: 204 };
  });

  server.route('api', 'POST', `${ACCOUNT}/Addresses.json`, (request) => {
    const missing = required(request, ['CustomerName', 'Street', 'City', 'Region', 'PostalCode', 'IsoCountry']);
    if (missing) return missing;
    const address: FakeAddress = {
      sid: server.sid('AD'),
      customerName: request.form.get('CustomerName')!,
      friendlyName: request.form.get('FriendlyName'),
      street: request.form.get('Street')!,
      city: request.form.get('City')!,
      region: request.form.get('Region')!,
      postalCode: request.form.get('PostalCode')!,
      isoCountry: request.form.get('IsoCountry')!,
      dateCreated: now(),
    };
    addresses.set(address.sid, address);
    return { status: 201, body: addressJson(address) };
  });
  server.route('api', 'GET', `${ACCOUNT}/Addresses.json`, (request) =>
    page('addresses', '/Addresses.json', [...addresses.values()].map(addressJson), request),
  );
  server.route('api', 'GET', `${ACCOUNT}/Addresses/:sid.json`, (_request, { sid = '' }) => {
    const address = addresses.get(sid);
    return address
      ? { status: 200, body: addressJson(address) }
      : twilioError(404, 20404, `The requested resource ${sid} was not found`);
  });
  server.route('api', 'DELETE', `${ACCOUNT}/Addresses/:sid.json`, (_request, { sid = '' }) =>
    addresses.delete(sid) ? { status: 204 } : twilioError(404, 20404, `The requested resource ${sid} was not found`),
  );

  // ValidationRequests create: POST on the OutgoingCallerIds list (the SDK's validationRequests).
  server.route('api', 'POST', `${ACCOUNT}/OutgoingCallerIds.json`, (request) => {
    const missing = required(request, ['PhoneNumber']);
    if (missing) return missing;
    const phoneNumber = request.form.get('PhoneNumber')!;
    if ([...callerIds.values()].some((c) => c.phoneNumber === phoneNumber)) {
      return twilioError(400, 21450, 'Phone number already verified for your account');
    }
    const code = String(100000 + Math.floor(Math.random() * 900000));
    validations.set(phoneNumber, code);
    return {
      status: 201,
      body: {
        account_sid: server.accountSid,
        call_sid: server.sid('CA'),
        friendly_name: request.form.get('FriendlyName') ?? phoneNumber,
        phone_number: phoneNumber,
        validation_code: code,
      },
    };
  });
  server.route('api', 'GET', `${ACCOUNT}/OutgoingCallerIds.json`, (request) => {
    const filter = request.query.get('PhoneNumber');
    const list = [...callerIds.values()].filter((c) => !filter || c.phoneNumber === filter).map(callerIdJson);
    return page('outgoing_caller_ids', '/OutgoingCallerIds.json', list, request);
  });
  server.route('api', 'GET', `${ACCOUNT}/OutgoingCallerIds/:sid.json`, (_request, { sid = '' }) => {
    const callerId = callerIds.get(sid);
    return callerId
      ? { status: 200, body: callerIdJson(callerId) }
      : twilioError(404, 20404, `The requested resource ${sid} was not found`);
  });
  server.route('api', 'DELETE', `${ACCOUNT}/OutgoingCallerIds/:sid.json`, (_request, { sid = '' }) =>
    callerIds.delete(sid) ? { status: 204 } : twilioError(404, 20404, `The requested resource ${sid} was not found`),
  );

  return {
    available: (iso) => onSale.filter((n) => n.isoCountry === iso && !isSold(n.phoneNumber)),
    addAvailable: (number) => onSale.push({ capabilities: { voice: true, SMS: true, MMS: false }, ...number }),
    owned: () => [...bought.values()],
    ownedNumber: (phoneNumber) => [...bought.values()].find((n) => n.phoneNumber === phoneNumber),
    addresses: () => [...addresses.values()],
    callerIds: () => [...callerIds.values()],
    validationCode: (phoneNumber) => validations.get(phoneNumber),
    beforePurchase(hook) {
      purchaseHook = hook;
    },
    verifyCallerId(phoneNumber, friendlyName) {
      validations.delete(phoneNumber);
      const callerId: FakeCallerId = {
        sid: server.sid('PN'),
        phoneNumber,
        friendlyName: friendlyName ?? phoneNumber,
        dateCreated: now(),
      };
      callerIds.set(callerId.sid, callerId);
      return callerId;
    },
  };
}
