import type { siteConfigEn } from './en.ts';

/** Configuration SEO du site. */
export const siteConfigFr: typeof siteConfigEn = {
  page: {
    title: 'Configuration SEO du site',
    save: 'Enregistrer les modifications',
    saving: 'Enregistrement...',
    saved: 'Configuration du site enregistrée',
    tryAgain: 'Réessayer',
    uploading: 'Envoi...',
  },
  tabs: { meta: 'Balises meta', og: 'Open Graph', twitter: 'Carte Twitter', favicon: 'Favicon' },
  fields: {
    meta_title: 'Titre meta',
    meta_description: 'Description meta',
    og_title: 'Titre Open Graph',
    og_description: 'Description Open Graph',
    og_image: "URL de l'image Open Graph",
    twitter_card: 'Type de carte',
    twitter_title: 'Titre Twitter',
    twitter_description: 'Description Twitter',
    twitter_image: "URL de l'image Twitter",
    favicon: 'URL du favicon',
    faviconUpload: 'Envoyer un favicon',
    faviconHelp: 'PNG, ICO, JPEG, GIF ou WebP, {{megabytes, number}} Mo au plus',
    faviconPreview: 'Favicon actuel',
    chooseFile: 'Choisir un fichier...',
  },
  errors: {
    fetch: 'Impossible de charger la configuration du site',
    save: "Impossible d'enregistrer la configuration du site",
    invalid: 'Les adresses des images et du favicon doivent commencer par http:// ou https://.',
    faviconType: 'Le favicon doit être une image PNG, ICO, JPEG, GIF ou WebP.',
    faviconSize: 'Le favicon doit faire {{megabytes, number}} Mo au plus.',
    faviconUpload: "Le favicon n'a pas pu être envoyé : {{message}}",
  },
};
