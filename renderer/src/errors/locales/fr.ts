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
    emailNotConfirmed: 'Veuillez vérifier votre adresse e-mail avant de vous connecter. Consultez votre boîte de réception pour trouver le lien de vérification.',
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
