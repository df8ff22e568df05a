import type { agentsEn } from './en.ts';

/** Liste des agents (spec 001 §2.1). */
export const agentsFr: typeof agentsEn = {
  list: {
    title: 'Mes agents',
    subtitle: 'Créez, configurez et testez vos assistants IA.',
    create: 'Créer un agent',
    search: 'Rechercher par nom ou description',
    loadMore: 'Charger plus',
    errorTitle: 'Erreur',
    retry: 'Réessayer',
    emptyTitle: "Aucun agent pour l'instant",
    emptyDescription: 'Créez votre premier assistant IA pour répondre à vos clients par chat, voix, téléphone et WhatsApp.',
    noMatchTitle: 'Aucun agent ne correspond à votre recherche',
    noMatchDescription: 'Essayez un autre nom ou un mot de la description.',
  },
  card: {
    tools_one: '{{count}} outil',
    tools_other: '{{count}} outils',
    documents_one: '{{count}} document',
    documents_other: '{{count}} documents',
    voice_male: 'Voix masculine',
    voice_female: 'Voix féminine',
    noNumber: 'Aucun numéro',
    updated: 'Mis à jour le {{date}}',
    edit: 'Modifier',
    test: 'Tester',
    delete: 'Supprimer',
  },
  delete: {
    title: "Supprimer l'agent",
    warning: 'Cette action supprime définitivement {{name}}, sa base de connaissances, ses interactions et ses sauvegardes de prompt. Son numéro de téléphone est libéré au préalable.',
    typeName: "Saisissez le nom de l'agent pour confirmer : {{name}}",
    cancel: 'Annuler',
    confirm: 'Supprimer',
    deleted: 'Agent supprimé',
  },
};
