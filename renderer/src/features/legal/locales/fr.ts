import type { legalEn } from './en.ts';

export const legalFr: typeof legalEn = {
  backHome: "Retour à l'accueil",
  lastUpdated: 'Dernière mise à jour : {{date}}',
  contents: 'Sommaire',
  privacy: {
    title: 'Politique de confidentialité',
    intro:
      'Comment Concierge collecte, utilise et protège les données personnelles lorsque vous utilisez notre site, notre console et nos assistants IA.',
    sections: {
      introduction: {
        title: '1. Introduction et champ d’application',
        p1: 'Cette politique s’applique au site Concierge, à la console de gestion, aux pages publiques des assistants et aux canaux téléphone, WhatsApp, chat et voix sur lesquels nos assistants IA répondent pour le compte de nos clients professionnels.',
        p2: 'Pour les conversations entre un assistant et les clients d’une entreprise, cette entreprise est responsable du traitement et Concierge agit comme sous-traitant.',
      },
      informationCollected: {
        title: '2. Données collectées',
        p1: 'Données de compte : nom, adresse e-mail, mot de passe (conservé uniquement sous forme hachée), langue, photo de profil et préférences de notification.',
        p2: 'Données de service : agents configurés, fichiers de connaissances envoyés, conversations, enregistrements et transcriptions d’appels, numéros de téléphone, contacts et transactions de crédits.',
        p3: 'Données techniques : heures de connexion et, uniquement avec votre consentement, pages vues et clics anonymes.',
      },
      useOfInformation: {
        title: '3. Utilisation des données',
        p1: 'Pour fournir le service (faire fonctionner vos assistants, décompter les crédits, afficher vos statistiques), sécuriser les comptes, répondre au support et, avec votre accord, améliorer nos pages.',
        p2: 'Nous ne vendons pas de données personnelles et ne les utilisons pas à des fins publicitaires.',
      },
      aiVoiceProcessing: {
        title: '4. Traitement par l’IA et la voix',
        p1: 'Les messages et l’audio des appels sont traités par des modèles d’IA pour comprendre les demandes et produire les réponses. Les appels peuvent être enregistrés et transcrits si l’entreprise l’active ; l’appelant en est informé au début de l’appel.',
        p2: 'Les contenus envoyés aux fournisseurs d’IA servent uniquement à produire la réponse et ne sont pas utilisés par nous pour entraîner des modèles.',
      },
      informationSharing: {
        title: '5. Partage des données',
        p1: 'Nous ne partageons les données qu’avec les prestataires qui font fonctionner le service (hébergement, modèles d’IA, téléphonie, messagerie et paiement), sous contrat limitant leur usage à nos instructions, ou lorsque la loi l’exige.',
      },
      internationalTransfers: {
        title: '6. Transferts internationaux',
        p1: 'Concierge est établi aux États-Unis. Lorsque des données quittent l’Espace économique européen, le Royaume-Uni ou la Suisse, nous utilisons les clauses contractuelles types de la Commission européenne ou une garantie équivalente.',
      },
      privacyRights: {
        title: '7. Vos droits',
        p1: 'Vous pouvez accéder à vos données, les rectifier, les exporter ou les supprimer, vous opposer à leur traitement ou le limiter, et retirer votre consentement à tout moment (Paramètres de confidentialité en bas de page).',
        p2: 'La plupart de ces actions sont disponibles dans votre profil ; pour les autres, contactez notre délégué à la protection des données (voir les Mentions légales).',
      },
      tcpaCompliance: {
        title: '8. Conformité TCPA',
        p1: 'Nos assistants répondent aux appels et messages initiés par les consommateurs. Les entreprises qui utilisent Concierge pour des appels ou messages sortants doivent obtenir le consentement exprès préalable exigé par le Telephone Consumer Protection Act et respecter les demandes de désinscription comme STOP.',
      },
      dataSecurityRetention: {
        title: '9. Sécurité et conservation des données',
        p1: 'Les données sont chiffrées en transit, l’accès est limité par une sécurité au niveau des lignes pour que chaque compte ne voie que ses propres données, et les mots de passe sont hachés.',
        p2: 'Nous conservons les données du compte tant qu’il est ouvert et les supprimons dans les 30 jours suivant sa fermeture, sauf obligation légale de conservation plus longue (par exemple la facturation).',
      },
      regionalCompliance: {
        title: '10. Conformité régionale',
        p1: 'Union européenne et Royaume-Uni : les droits du RGPD et du UK GDPR s’appliquent, y compris le droit d’introduire une réclamation auprès de votre autorité de contrôle.',
        p2: 'Californie : droits CCPA/CPRA d’information, de suppression, de rectification et d’opposition ; nous ne vendons ni ne partageons de données personnelles à des fins de publicité ciblée.',
      },
      updatesContact: {
        title: '11. Mises à jour et contact',
        p1: 'Nous annoncerons toute modification importante de cette politique dans la console avant son entrée en vigueur. Pour toute question, contactez notre délégué à la protection des données comme indiqué dans les Mentions légales.',
      },
    },
  },
  notice: {
    title: 'Mentions légales',
    intro: 'Informations sur l’éditeur du service Concierge.',
    sections: {
      company: {
        title: 'Informations sur la société',
        p1: 'Concierge est édité par une société basée dans le Wyoming, aux États-Unis.',
      },
      representatives: {
        title: 'Représentants légaux',
        p1: 'Le directeur de la publication est le gérant de la société. Un délégué à la protection des données (DPO) traite toutes les questions relatives aux données personnelles et à l’exercice de vos droits.',
      },
      terms: {
        title: "Conditions d'utilisation",
        p1: 'Utiliser Concierge implique l’acceptation de ces conditions : vous êtes responsable du contenu de vos agents et bases de connaissances, de l’information de vos appelants et d’un usage licite du service. Les crédits sont consommés à raison d’un crédit par minute d’appel vocal ; les crédits achetés ne sont pas remboursables une fois utilisés.',
        p2: 'Nous fournissons le service avec soin et visons 99,9 % de disponibilité, sans pouvoir garantir l’absence d’interruption. Chaque partie peut mettre fin au service à tout moment ; vos données sont alors supprimées comme décrit dans la Politique de confidentialité.',
      },
      compliance: {
        title: 'Conformité légale',
        p1: 'Le service est exploité selon le droit de l’État du Wyoming et le droit fédéral des États-Unis, dont le TCPA et le CAN-SPAM, et respecte les règles internationales applicables à nos clients, comme le RGPD pour les utilisateurs européens.',
      },
      hosting: {
        title: 'Hébergement',
        p1: 'Le service fonctionne sur Supabase (base de données, authentification, stockage de fichiers et fonctions edge) sur une infrastructure cloud. Les installations auto-hébergées sont hébergées par leur exploitant.',
      },
      copyright: {
        title: "Droits d'auteur",
        p1: '© 2025 Concierge. Tous droits réservés. Le code source de Concierge est publié sous licence MIT ; la marque, les textes et les images de ce site ne peuvent être réutilisés sans autorisation.',
      },
    },
  },
};
