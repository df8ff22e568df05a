import { describe, expect, it } from 'vitest';
import { bindingMatches, parseFilter } from './bindings.ts';
import { bindingId, decodeFrame, encodeFrame } from './protocol.ts';

describe('realtime filters', () => {
  it('parses the operators Realtime accepts', () => {
    expect(parseFilter('room_id=eq.1')).toEqual({ column: 'room_id', op: 'eq', value: '1' });
    expect(parseFilter('title=neq.a.b')).toEqual({ column: 'title', op: 'neq', value: 'a.b' });
    expect(parseFilter('n=gte.10')).toEqual({ column: 'n', op: 'gte', value: '10' });
    expect(parseFilter('tag=in.(a, b,"c,d")')).toEqual({ column: 'tag', op: 'in', value: ['a', 'b', 'c,d'] });
  });

  it('rejects malformed filters', () => {
    expect(parseFilter('room_id')).toHaveProperty('error');
    expect(parseFilter('room_id=like.a%')).toHaveProperty('error');
    expect(parseFilter('tag=in.a,b')).toHaveProperty('error');
  });

  it('matches bindings by event, schema and table', () => {
    const b = { id: 1, event: 'INSERT', schema: 'public', table: 'messages' };
    expect(bindingMatches(b, 'INSERT', 'public', 'messages')).toBe(true);
    expect(bindingMatches(b, 'UPDATE', 'public', 'messages')).toBe(false);
    expect(bindingMatches({ ...b, event: '*', table: undefined }, 'DELETE', 'public', 'other')).toBe(true);
    expect(bindingMatches({ ...b, schema: 'private' }, 'INSERT', 'public', 'messages')).toBe(false);
  });
});

describe('phoenix frames', () => {
  it('round-trips vsn 2.0.0 arrays and 1.0.0 objects', () => {
    const frame = { joinRef: '1', ref: '2', topic: 'realtime:room', event: 'phx_join', payload: { a: 1 } };
    expect(decodeFrame(encodeFrame(frame, '2.0.0'), '2.0.0')).toEqual(frame);
    expect(JSON.parse(encodeFrame(frame, '1.0.0'))).toEqual({
      join_ref: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { a: 1 },
    });
    expect(decodeFrame(encodeFrame(frame, '1.0.0'), '1.0.0')).toEqual(frame);
  });

  it('refuses garbage', () => {
    expect(decodeFrame('not json', '2.0.0')).toBeNull();
    expect(decodeFrame('[1,2,3]', '2.0.0')).toBeNull();
    expect(decodeFrame('{"topic":1}', '1.0.0')).toBeNull();
  });

  it('gives stable positive integer binding ids', () => {
    const id = bindingId({ event: 'INSERT', schema: 'public', table: 't' }, 0);
    expect(Number.isInteger(id) && id > 0).toBe(true);
    expect(bindingId({ event: 'INSERT', schema: 'public', table: 't' }, 0)).toBe(id);
    expect(bindingId({ event: 'INSERT', schema: 'public', table: 't' }, 1)).not.toBe(id);
  });
});
