import type { mapEn } from './en.ts';

/** /map. */
export const mapFr: typeof mapEn = {
  title: 'Carte des agents',
  subtitle: 'Vos agents à l’adresse de leur entreprise.',
  mapLabel: 'Carte de vos agents',
  openPage: 'Ouvrir la page de l’agent',
  notConfigured: {
    title: 'La carte n’est pas configurée',
    geocoder:
      'Aucun service de géocodage n’est configuré : les adresses ne peuvent pas être placées sur une carte. L’administrateur renseigne GEOCODER_URL (un service compatible Nominatim) pour les fonctions serveur.',
    tiles:
      'Aucune source de tuiles n’est configurée. L’administrateur renseigne CONCIERGE_MAP_TILE_URL (par exemple https://tile.openstreetmap.org/{z}/{x}/{y}.png) là où la console est servie.',
  },
  geocoderOff:
    'Le géocodage est désactivé : les agents dont l’adresse a changé ne seront placés qu’une fois celui-ci reconfiguré.',
  empty: {
    title: 'Aucun agent à placer pour l’instant',
    description:
      'Ajoutez l’adresse de l’entreprise à un agent (Configurer, informations de base) pour le voir sur la carte.',
    action: 'Ouvrir mes agents',
  },
  unlocated: {
    title_one: '{{count}} agent n’est pas sur la carte',
    title_other: '{{count}} agents ne sont pas sur la carte',
    item: '{{name}} ({{address}}) : {{reason}}',
  },
  reasons: {
    not_found: 'adresse introuvable',
    pending: 'localisation en cours, la carte va se mettre à jour',
    failed: 'le service de géocodage a échoué, réessayez plus tard',
  },
  withoutAddress_one: '{{count}} agent n’a pas d’adresse professionnelle.',
  withoutAddress_other: '{{count}} agents n’ont pas d’adresse professionnelle.',
  errors: {
    load: 'Impossible de charger la carte. Veuillez réessayer.',
  },
};
