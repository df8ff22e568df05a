/** /map. */
export const mapEn = {
  title: 'Agent map',
  subtitle: 'Your agents at their business addresses.',
  mapLabel: 'Map of your agents',
  openPage: 'Open the agent page',
  notConfigured: {
    title: 'The map is not configured',
    geocoder:
      'No geocoding service is configured, so business addresses cannot be placed on a map. The administrator sets GEOCODER_URL (a Nominatim-compatible service) for the server functions.',
    tiles:
      'No map tile source is configured. The administrator sets CONCIERGE_MAP_TILE_URL (for example https://tile.openstreetmap.org/{z}/{x}/{y}.png) where the console is served.',
  },
  geocoderOff: 'Geocoding is off: agents whose address changed are not placed until it is configured again.',
  empty: {
    title: 'No agent to place yet',
    description: 'Add a business address to an agent (Configure, basic information) to see it on the map.',
    action: 'Open my agents',
  },
  unlocated: {
    title_one: '{{count}} agent is not on the map',
    title_other: '{{count}} agents are not on the map',
    item: '{{name}} ({{address}}): {{reason}}',
  },
  reasons: {
    not_found: 'this address was not found',
    pending: 'being located, the map will update',
    failed: 'the geocoding service failed, try again later',
  },
  withoutAddress_one: '{{count}} agent has no business address.',
  withoutAddress_other: '{{count}} agents have no business address.',
  errors: {
    load: 'Could not load the map. Please try again.',
  },
};
