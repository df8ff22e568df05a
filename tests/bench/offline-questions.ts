/**
 * The offline bench's question set over tests/bench/fixtures/offline (FAQ text, CSV price list,
 * DOCX policy; each in English and French). An answered question's reply must contain one of
 * `expect` (compared without case or accents), in the question's language where the file has it;
 * an unanswerable one must get the plain "no information" reply, with no source.
 */
export interface AnswerableQuestion {
  question: string;
  language: 'en' | 'fr';
  file: 'faq.txt' | 'prices.csv' | 'policy.docx';
  expect: string[];
}

export const ANSWERABLE: AnswerableQuestion[] = [
  // FAQ text
  { question: 'Are you open on Sunday?', language: 'en', file: 'faq.txt', expect: ['closed on Sundays'] },
  { question: 'What are your opening hours?', language: 'en', file: 'faq.txt', expect: ['7am to 7pm'] },
  { question: 'When do you close on Saturday?', language: 'en', file: 'faq.txt', expect: ['7pm'] },
  { question: 'Where is the bakery?', language: 'en', file: 'faq.txt', expect: ['14 rue Mercière'] },
  { question: "What's your address?", language: 'en', file: 'faq.txt', expect: ['14 rue Mercière'] },
  { question: 'Can I park near the shop?', language: 'en', file: 'faq.txt', expect: ['Free parking'] },
  { question: 'Do you deliver to my home?', language: 'en', file: 'faq.txt', expect: ['deliver anywhere in Lyon'] },
  { question: 'Can I pay by card?', language: 'en', file: 'faq.txt', expect: ['debit cards'] },
  { question: 'How early should I order a birthday cake?', language: 'en', file: 'faq.txt', expect: ['48 hours'] },
  { question: 'Êtes-vous ouverts le dimanche ?', language: 'fr', file: 'faq.txt', expect: ['fermés le dimanche'] },
  { question: 'Quels sont vos horaires ?', language: 'fr', file: 'faq.txt', expect: ['de 7h à 19h'] },
  { question: 'Où êtes-vous situés ?', language: 'fr', file: 'faq.txt', expect: ['14 rue Mercière'] },
  { question: 'Peut-on se garer près de la boutique ?', language: 'fr', file: 'faq.txt', expect: ['parking gratuit'] },
  { question: 'Vous livrez à domicile ?', language: 'fr', file: 'faq.txt', expect: ['livrons partout'] },
  { question: 'Je peux payer par carte ?', language: 'fr', file: 'faq.txt', expect: ['carte bancaire'] },
  {
    question: "Combien de temps à l'avance commander un gâteau d'anniversaire ?",
    language: 'fr',
    file: 'faq.txt',
    expect: ['48 heures'],
  },
  // CSV price list
  { question: 'How much is a croissant?', language: 'en', file: 'prices.csv', expect: ['1.20'] },
  { question: 'What is the price of the lemon tart?', language: 'en', file: 'prices.csv', expect: ['4.20'] },
  {
    question: 'What allergens are in the quiche lorraine?',
    language: 'en',
    file: 'prices.csv',
    expect: ['eggs, milk'],
  },
  { question: 'How much does a sourdough loaf cost?', language: 'en', file: 'prices.csv', expect: ['4.50'] },
  { question: 'Combien coûte le pain au chocolat ?', language: 'fr', file: 'prices.csv', expect: ['1.40'] },
  { question: 'Quel est le prix de la tarte au citron ?', language: 'fr', file: 'prices.csv', expect: ['4.20'] },
  { question: 'Prix de la boîte de six macarons ?', language: 'fr', file: 'prices.csv', expect: ['9.00'] },
  { question: 'Combien coûte le chausson aux pommes ?', language: 'fr', file: 'prices.csv', expect: ['2.10'] },
  // DOCX policy
  {
    question: 'Can I cancel my custom order?',
    language: 'en',
    file: 'policy.docx',
    expect: ['cancelled free of charge'],
  },
  { question: 'How long does a refund take?', language: 'en', file: 'policy.docx', expect: ['5 working days'] },
  { question: 'Are dogs allowed?', language: 'en', file: 'policy.docx', expect: ['Dogs are welcome on the terrace'] },
  { question: 'Can you guarantee a nut-free cake?', language: 'en', file: 'policy.docx', expect: ['nut-free'] },
  {
    question: 'Puis-je annuler ma commande personnalisée ?',
    language: 'fr',
    file: 'policy.docx',
    expect: ['annulées sans frais'],
  },
  { question: 'Quand serai-je remboursé ?', language: 'fr', file: 'policy.docx', expect: ['5 jours ouvrés'] },
  {
    question: 'Les chiens sont-ils acceptés ?',
    language: 'fr',
    file: 'policy.docx',
    expect: ['chiens sont acceptés en terrasse'],
  },
  {
    question: 'Où trouver la liste des allergènes ?',
    language: 'fr',
    file: 'policy.docx',
    expect: ['disponible au comptoir'],
  },
];

/** Questions none of the files answers: the reply must be the refusal, with no source. */
export const UNANSWERABLE: { question: string; language: 'en' | 'fr' }[] = [
  { question: 'Do you repair bicycles?', language: 'en' },
  { question: 'Is there a swimming pool?', language: 'en' },
  { question: 'Do you sell concert tickets?', language: 'en' },
  { question: 'Who won the football match yesterday?', language: 'en' },
  { question: 'Réparez-vous les vélos ?', language: 'fr' },
  { question: 'Avez-vous une piscine ?', language: 'fr' },
  { question: 'Vendez-vous des billets de concert ?', language: 'fr' },
  { question: 'Qui a gagné le match de football hier ?', language: 'fr' },
];
