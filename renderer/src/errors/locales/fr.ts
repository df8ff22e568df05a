import type { errorsEn } from './en.ts';

export const errorsFr: typeof errorsEn = {
  auth: {
    noAccount: 'Aucun compte trouvé avec cet e-mail',
    incorrectPassword: 'Mot de passe incorrect',
    invalidCredentials: 'Aucun compte trouvé avec cet e-mail, ou mot de passe incorrect',
    invalidEmail: 'Adresse e-mail invalide',
    accountDisabled: 'Ce compte a été désactivé',
    tooManyAttempts: 'Trop de tentatives échouées. Veuillez réessayer plus tard',
    signInFailed: 'Échec de la connexion avec e-mail et mot de passe',
    emailNotConfirmed:
      'Veuillez vérifier votre adresse e-mail avant de vous connecter. Consultez votre boîte de réception pour trouver le lien de vérification.',
    emailInUse: 'Un compte existe déjà avec cet e-mail',
    weakPassword: 'Le mot de passe doit contenir au moins 6 caractères',
    signUpDisabled: 'Les comptes e-mail/mot de passe ne sont pas activés. Veuillez contacter le support.',
    emailRateLimited: "Trop d'e-mails envoyés. Veuillez patienter un instant et réessayer.",
    signUpFailed: 'Échec de la création du compte : {{message}}',
    saveUserFailed: "Échec de l'enregistrement des données utilisateur",
    googleFailed: 'Échec de la connexion avec Google : {{message}}',
    noUserSignedIn: "Aucun utilisateur n'est connecté",
    verificationSendFailed: "Échec de l'envoi de l'e-mail de vérification",
    signOutFailed: 'Échec de la déconnexion',
  },
  profile: {
    notFound: 'Profil introuvable',
    fetchFailed: 'Échec du chargement du profil',
    updateFailed: 'Échec de la mise à jour du profil',
  },
  credits: {
    fetchPacksFailed: 'Impossible de récupérer les packs',
    userNotFound: 'Utilisateur introuvable',
    fetchBalanceFailed: 'Impossible de récupérer le solde de crédits',
    fetchHistoryFailed: "Impossible de récupérer l'historique des crédits",
    activateFreePackFailed: "Impossible d'activer le pack gratuit",
    freePackAlreadyActivated: 'Le pack gratuit a déjà été activé sur ce compte.',
    purchaseFailed: "Impossible d'acheter les crédits",
    paymentNotConfigured: "Le paiement n'est pas configuré sur cette installation.",
    fetchSubscriptionFailed: "Impossible de récupérer l'abonnement",
    packNotFound: 'Pack introuvable',
  },
  agents: {
    fetchFailed: 'Échec du chargement des agents',
    loadMoreFailed: 'Échec du chargement des agents suivants',
    createFailed: "Échec de la création de l'agent",
    updateFailed: "Échec de la mise à jour de l'agent. Veuillez réessayer.",
    deleteFailed: "Échec de la suppression de l'agent",
    fetchSectorsFailed: 'Échec du chargement des secteurs',
    fetchToolsFailed: 'Échec du chargement des outils',
    avatarUploadFailed: "Échec de l'envoi de l'avatar",
  },
  verification: {
    failed: "La vérification de l'e-mail a échoué. Réessayez ou contactez le support si le problème persiste.",
    tooManyAttempts: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
    maxAttempts: 'Nombre maximal de tentatives atteint. Demandez un nouvel e-mail de vérification.',
  },
  avatar: {
    tooLarge: "L'image doit faire au plus 5 Mo.",
    wrongType: 'Choisissez une image PNG, JPEG, GIF ou WebP.',
    uploadFailed: "Impossible d'envoyer la photo : {{message}}",
  },
  database: {
    forbidden: "Vous n'êtes pas autorisé à faire cela",
    sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  },
  network: {
    offline: 'Erreur réseau. Vérifiez votre connexion et réessayez.',
  },
  generic: {
    somethingWentWrong: "Une erreur s'est produite",
    notAuthenticated: 'Utilisateur non authentifié',
  },
};
