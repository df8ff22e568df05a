import type { knowledgeEn } from './en.ts';

export const knowledgeFr: typeof knowledgeEn = {
  tab: 'Connaissances',
  title: 'Base de connaissances',
  intro: 'Les documents dont votre agent se sert pour répondre. PDF, DOCX, CSV et TXT, 10 Mo maximum chacun.',
  choose: 'Ajouter des documents',
  dropHint: 'Déposez des fichiers ici ou choisissez-les',
  browse: 'Parcourir',
  empty: {
    title: 'Aucun document',
    description: 'Ajoutez votre carte, vos tarifs, votre FAQ ou votre brochure pour que votre agent y réponde.',
  },
  status: {
    uploading: 'Téléversement {{percent}} %',
    processing: 'Traitement {{percent}} %',
    ready: 'Prêt',
    failed: 'Échec',
  },
  chunks_one: '{{count}} passage',
  chunks_other: '{{count}} passages',
  actions: {
    delete: 'Supprimer',
    reingest: 'Traiter à nouveau',
  },
  deleteDialog: {
    title: 'Supprimer ce document ?',
    body: '« {{name}} » et tout ce que votre agent en a appris seront supprimés.',
    confirm: 'Supprimer',
    cancel: 'Annuler',
  },
  deleted: 'Document supprimé',
  ready: '« {{file}} » est prêt.',
  reingested: '« {{file}} » a été traité à nouveau.',
  errors: {
    unsupportedType: 'Type de fichier non supporté : {{file}}. Utilisez PDF, DOCX, CSV ou TXT.',
    tooLarge: 'Le fichier ne doit pas dépasser 10MB : {{file}}.',
    empty: 'Le fichier est vide : {{file}}.',
    missingAgent: "L'ID de l'agent est manquant. Impossible de téléverser.",
    noUploadUrl: "Impossible d'obtenir une URL d'upload.",
    uploadFailed: "Échec de l'upload : {{status}}",
    network: "Erreur réseau lors de l'upload.",
    processingFailed: 'Échec du traitement de {{file}}.',
    reingestFailed: 'Échec du traitement de {{file}}.',
    deleteMissing: 'Informations manquantes pour supprimer le document.',
    deleteFailed: 'Échec de la suppression du document.',
    loadFailed: 'Impossible de charger la base de connaissances.',
  },
};
