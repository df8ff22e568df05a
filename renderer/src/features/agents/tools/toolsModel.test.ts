import { describe, expect, it } from 'vitest';
import type { CatalogueTool } from '../api/catalogue.ts';
import { addableTools, capabilitiesOf, toolNeed, toolText, withTool, withoutTool } from './toolsModel.ts';

const calendar: CatalogueTool = {
  id: 'calendar',
  name: 'Calendar',
  description: 'Book appointments.',
  nameFr: 'Agenda',
  descriptionFr: 'Prendre des rendez-vous.',
  icon: 'calendar',
  defaultConfig: { slot: '30' },
};
const orders: CatalogueTool = {
  ...calendar,
  id: 'orders',
  name: 'Orders',
  nameFr: '',
  descriptionFr: '',
  icon: 'shopping-cart',
};
const now = '2026-12-02T00:00:00.000Z';

describe('an agent\u2019s tools in Configure', () => {
  it('adds a catalogue tool as the wizard does, once', () => {
    const tools = withTool([], calendar, now);
    expect(tools).toEqual([
      {
        id: 'calendar',
        name: 'Calendar',
        description: 'Book appointments.',
        type: 'system',
        icon: 'calendar',
        config: { slot: '30' },
        created_at: now,
        updated_at: now,
      },
    ]);
    expect(withTool(tools, calendar, now)).toHaveLength(1);
    expect(capabilitiesOf(withTool(tools, orders, now))).toEqual(['calendar', 'orders']);
  });

  it('removes a tool and offers it again', () => {
    const tools = withoutTool(withTool(withTool([], calendar, now), orders, now), 'calendar');
    expect(capabilitiesOf(tools)).toEqual(['orders']);
    expect(addableTools([calendar, orders], tools).map((t) => t.id)).toEqual(['calendar']);
  });

  it('names a tool in French for a French owner, in English when untranslated', () => {
    expect(toolText({ id: 'calendar' }, [calendar, orders], 'fr').name).toBe('Agenda');
    expect(toolText({ id: 'orders' }, [calendar, orders], 'fr').name).toBe('Orders');
    expect(toolText({ id: 'calendar' }, [calendar], 'en').name).toBe('Calendar');
  });

  it('says what the calendar and payments tools need', () => {
    expect(toolNeed('calendar')).toBe('calendar');
    expect(toolNeed('payments')).toBe('paymentProvider');
    expect(toolNeed('orders')).toBeNull();
  });
});
