import type { calendarEn } from './calendar.en.ts';

/** Carte Google Calendar, sa boîte d'information et la page de retour OAuth. */
export const calendarFr: typeof calendarEn = {
  card: {
    title: 'Google Calendar',
    description:
      'Les rendez-vous pris par votre agent apparaissent dans votre Google Calendar, et vos indisponibilités sont respectées.',
    toggle: 'Connecter Google Calendar',
    connected: 'Connecté',
    disconnected: 'Non connecté',
    notConfigured: "Google Calendar n'est pas configuré sur ce serveur.",
    info: 'À propos de Google Calendar',
  },
  dialog: {
    title: 'Google Calendar',
    intro: 'Connectez votre compte Google pour que votre agent tienne votre agenda à jour.',
    sync: 'Chaque rendez-vous pris, déplacé ou annulé par votre agent est créé, modifié ou supprimé dans votre agenda principal.',
    availability: 'Avant de proposer un créneau, votre agent vérifie vos indisponibilités dans Google Calendar.',
    privacy: 'Vos jetons Google restent sur le serveur et ne sont jamais affichés dans la console.',
    disconnect: "Désactivez l'interrupteur pour vous déconnecter ; les événements existants restent dans votre agenda.",
    close: 'Fermer',
  },
  callback: {
    connecting: 'Connexion à Google Calendar...',
  },
  errors: {
    toggleFailed: 'Impossible de modifier la connexion à Google Calendar. Veuillez réessayer.',
    notConfigured: "Google Calendar n'est pas configuré sur ce serveur.",
    statusFailed: 'Impossible de charger la connexion à Google Calendar.',
    exchangeFailed: "Échec de l'échange du code contre des jetons",
  },
};
