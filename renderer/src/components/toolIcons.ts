import type { IconName } from '@blueprintjs/core';
import type { ToolIcon } from '@contracts/tool-catalogue.ts';

/** Catalogue icon names drawn with Blueprint icons; 'default' is the wrench. */
const icons: Record<ToolIcon, IconName> = {
  calendar: 'calendar',
  'map-pin': 'map-marker',
  users: 'people',
  mail: 'envelope',
  'message-square': 'chat',
  'shopping-cart': 'shopping-cart',
  'credit-card': 'credit-card',
  package: 'box',
  truck: 'truck',
  award: 'badge',
  star: 'star',
  book: 'book',
  wrench: 'wrench',
  settings: 'cog',
  default: 'wrench',
};

export function toolIcon(name: string): IconName {
  return icons[name as ToolIcon] ?? 'wrench';
}
